/**
 * The worker client during a turn: streamed text and reasoning coalesced for the pages and stored
 * throttled, tool and picker frames stored, a picker answered once, bad frames recorded.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { DEFAULT_EMIT_MS, DEFAULT_PERSIST_MS } from '../../src/lib/connection/stream';
import type { WorkerEvent } from '../../src/lib/bridge/contract';

describe('IrisClient streaming', () => {
	it('sends coalesced text to the page and stores the final text at message.stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1', role: 'assistant' } });
		for (const text of ['H', 'He', 'Hel', 'Hell']) {
			s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text } });
		}
		t.clock.advance(DEFAULT_EMIT_MS);
		const streams = t.events.filter((e) => e.type === 'stream');
		expect(streams).toEqual([
			{ type: 'stream', updates: [{ message_id: 'a1', op: 'replace', text: 'Hell' }] }
		]);
		// A page subscribing mid-answer starts from what the others have, then gets the same appends.
		const late: WorkerEvent[] = [];
		t.client.subscribe((e) => late.push(e));
		expect(late.filter((e) => e.type === 'stream')).toEqual(streams);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hello, w' } });
		t.clock.advance(DEFAULT_EMIT_MS);
		const append = {
			type: 'stream',
			updates: [{ message_id: 'a1', op: 'append', at: 4, text: 'o, w' }]
		};
		expect(t.events.filter((e) => e.type === 'stream').at(-1)).toEqual(append);
		expect(late.at(-1)).toEqual(append);
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a1', final_text: 'Hello' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hel' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ text: 'Hello', status: 'complete' })
		);
		t.clock.advance(1000);
		expect((await t.db.messages.get('a1'))?.text).toBe('Hello');
	});

	it('stores the text streamed so far as soon as the connection drops mid-answer', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1', role: 'assistant' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Half an' } });
		await vi.waitFor(async () => expect(await t.db.messages.get('a1')).toBeDefined());
		// Well before the throttled write (DEFAULT_PERSIST_MS) is due.
		t.clock.advance(DEFAULT_EMIT_MS);
		expect((await t.db.messages.get('a1'))?.text ?? '').toBe('');
		s.drop();
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ text: 'Half an' })
		);
	});

	it('records a malformed frame as a diagnostic and keeps going', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive('{"v":1,"type":"message.update","payload":{"message_id":5}}');
		expect(t.client.diagnostics().at(-1)).toMatchObject({ kind: 'frame_invalid' });
		expect(t.events.some((e) => e.type === 'diagnostic')).toBe(true);
	});
});

describe('IrisClient turn anatomy', () => {
	it('keeps streamed reasoning hot, persists it throttled, and keeps it at message.stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		for (const reasoning of ['I', 'I think', 'I think so']) {
			s.receive({
				v: 1,
				type: 'message.update',
				payload: { message_id: 'r1', text: '', reasoning }
			});
		}
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.events.filter((e) => e.type === 'reasoning')).toEqual([
			{ type: 'reasoning', updates: [{ message_id: 'r1', op: 'replace', text: 'I think so' }] }
		]);
		// A page subscribing mid-reasoning starts from what the others have.
		const late: WorkerEvent[] = [];
		t.client.subscribe((e) => late.push(e));
		expect(late.filter((e) => e.type === 'reasoning')).toEqual([
			{ type: 'reasoning', updates: [{ message_id: 'r1', op: 'replace', text: 'I think so' }] }
		]);
		t.clock.advance(DEFAULT_PERSIST_MS);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('r1')).toMatchObject({
				status: 'streaming',
				reasoning: 'I think so'
			})
		);
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'r1', text: 'Yes.' } });
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'r1' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('r1')).toMatchObject({
				status: 'complete',
				text: 'Yes.',
				reasoning: 'I think so'
			})
		);
	});

	it('stores tool and picker frames, and answers a picker over the link once', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1' } });
		s.receive({ v: 1, type: 'tool.start', payload: { index: 0, name: 'grep' } });
		s.receive({ v: 1, type: 'picker.confirm', payload: { picker_id: 'p1', title: 'Sure?' } });
		await vi.waitFor(async () => expect(await t.db.pickers.get('p1')).toBeDefined());
		expect(await t.db.parts.get(['a1', 'tool:0'])).toMatchObject({ name: 'grep' });

		const answered = t.client.commands.selectPicker({
			picker_id: 'p1',
			value: 'yes',
			label: 'Confirm'
		});
		await vi.waitFor(() => expect(s.sentTypes).toContain('picker.select'));
		const select = s.sent.find((f) => f.type === 'picker.select') as { id: number };
		s.receive({ v: 1, type: 'agent.busy', id: select.id, payload: { reason: 'processing' } });
		await answered;
		expect(await t.db.pickers.get('p1')).toMatchObject({
			state: 'answered',
			answer: { value: 'yes', label: 'Confirm' }
		});
		await t.client.commands.selectPicker({ picker_id: 'p1', value: 'no', label: 'Cancel' });
		expect(s.sentTypes.filter((type) => type === 'picker.select')).toHaveLength(1);
	});
});
