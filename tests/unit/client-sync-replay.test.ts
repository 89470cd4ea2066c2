/**
 * The worker client across reconnects: replays change nothing, history fills gaps, answers the
 * gateway no longer runs close as cut off, and bad input (stale updates, lone surrogates, a
 * repeated send, a failing store) is handled.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { getMeta } from '../../src/lib/db/meta';
import { DEFAULT_EMIT_MS, DEFAULT_PERSIST_MS } from '../../src/lib/connection/stream';

describe('IrisClient sync, replay and bad input', () => {
	it('a replay of frames the app already has changes nothing and shows nothing twice', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const session = [
			{ v: 1, type: 'message', payload: { message_id: 'u1', role: 'user', text: 'hi', ts: 1 } },
			{ v: 1, type: 'message.start', payload: { message_id: 'a1', ts: 2 } },
			{ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hel' } },
			{ v: 1, type: 'message.stop', payload: { message_id: 'a1', final_text: 'Hello' } }
		];
		for (const f of session) t.last().receive(f);
		await vi.waitFor(async () => expect((await t.db.messages.get('a1'))?.status).toBe('complete'));
		const before = await t.db.messages.toArray();
		// Reconnect; the server replays the same frames (and one late update) after sync.
		t.last().drop();
		t.clock.advance(2000);
		await t.handshake();
		for (const f of session) t.last().receive(f);
		t.last().receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a1', text: 'Hello!' }
		});
		t.last().receive({ v: 1, type: 'sync.done', id: 2, payload: { cursor: 9 } });
		await vi.waitFor(async () => expect(await getMeta(t.db, 'cursor')).toBe(9));
		t.clock.advance(1000);
		expect(await t.db.messages.toArray()).toEqual(before);
	});

	it('ignores an older update arriving after a newer one, and any update after stop', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a2' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a2', text: 'Hello wor' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a2', text: 'Hello' } });
		t.clock.advance(DEFAULT_EMIT_MS);
		const texts = () =>
			t.events.flatMap((e) => (e.type === 'stream' ? e.updates.map((u) => u.text) : []));
		expect(texts()).toEqual(['Hello wor']);
		t.clock.advance(DEFAULT_PERSIST_MS);
		await vi.waitFor(async () => expect((await t.db.messages.get('a2'))?.text).toBe('Hello wor'));
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a2' } });
		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a2', text: 'Hello world!' }
		});
		t.clock.advance(1000);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({ text: 'Hello wor', status: 'complete' })
		);
		expect(texts()).toEqual(['Hello wor']);
	});

	it('asks every channel for its newest history page after sync.done (gap fill)', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive({ v: 1, type: 'sync.done', id: 2, payload: { cursor: 3 } });
		await vi.waitFor(() => expect(t.last().sentTypes).toContain('history'));
		const history = t.last().sent.find((f) => f.type === 'history') as {
			id: number;
			chat_id: string;
		};
		expect(history.chat_id).toBe('default');
		// The page fills a gap: a message the replay did not have.
		t.last().receive({
			v: 1,
			type: 'history',
			id: history.id,
			chat_id: 'default',
			payload: { messages: [{ message_id: 'old1', role: 'assistant', text: 'from before', ts: 5 }] }
		});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('old1')).toMatchObject({ text: 'from before' })
		);
	});

	it('after a reconnect, closes an answer the gateway no longer runs as cut off, keeping its text', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const start = (message_id: string, chat_id: string) => {
			t.last().receive({ v: 1, type: 'message.start', chat_id, payload: { message_id } });
			t.last().receive({
				v: 1,
				type: 'message.update',
				chat_id,
				payload: { message_id, text: `half of ${message_id}` }
			});
		};
		t.last().receive({
			v: 1,
			type: 'channel.created',
			payload: { chat_id: 'c2', name: 'Other', kind: 'channel' }
		});
		start('a1', 'default');
		start('a2', 'c2');
		// a1 was running a tool when the gateway went away.
		t.last().receive({
			v: 1,
			type: 'tool.start',
			payload: { index: 0, name: 'terminal', message_id: 'a1' }
		});
		await vi.waitFor(async () => expect(await t.db.messages.count()).toBe(2));
		await vi.waitFor(async () => expect(await t.db.parts.count()).toBe(1));
		t.last().drop();
		t.clock.advance(2000);
		await t.handshake();
		// The gateway restarted: it replays nothing (the handshake's `sync.done`) and runs a turn
		// only in c2.
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'c2', payload: { reason: 'tool' } });
		await t.answerGapFill(2);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({
				status: 'complete',
				interrupted: true,
				text: 'half of a1'
			})
		);
		// Its tool will report no end: it says it was stopped.
		expect(await t.db.parts.toArray()).toMatchObject([{ part_id: 'tool:0', state: 'stopped' }]);
		// The busy channel's answer stays open; its stop arrives later and closes it normally.
		expect(await t.db.messages.get('a2')).toMatchObject({ status: 'streaming' });
		expect(t.client.diagnostics().at(-1)?.message).toContain('a1 was cut off');
		t.last().receive({ v: 1, type: 'message.stop', chat_id: 'c2', payload: { message_id: 'a2' } });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({
				status: 'complete',
				text: 'half of a2'
			})
		);
		expect((await t.db.messages.get('a2'))?.interrupted).toBeUndefined();
	});

	it('a turn running when the link dropped does not keep its answer open after a restart', async () => {
		const t = setup();
		const busy: boolean[] = [];
		t.client.subscribe((e) => {
			if (e.type === 'activity' && e.activity.chat_id === 'default') busy.push(e.activity.busy);
		});
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'default', payload: {} });
		t.last().receive({
			v: 1,
			type: 'message.start',
			chat_id: 'default',
			payload: { message_id: 'a1' }
		});
		t.last().receive({
			v: 1,
			type: 'message.update',
			chat_id: 'default',
			payload: { message_id: 'a1', text: 'half of a1' }
		});
		await vi.waitFor(async () => expect(await t.db.messages.count()).toBe(1));
		t.last().drop();
		// While the link is down the agent is not shown as working.
		expect(busy.at(-1)).toBe(false);
		t.clock.advance(2000);
		await t.handshake();
		// Restarted without its state: nothing replayed (the handshake's `sync.done`), no
		// `agent.busy`.
		await t.answerGapFill(1);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({ status: 'complete', interrupted: true })
		);
	});

	it('the end of a later turn closes an answer left open in its channel as cut off', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const frame = (type: string, payload: object) =>
			t.last().receive({ v: 1, type, chat_id: 'default', payload } as never);
		// a1 streams; the gateway forgets it (a restart whose reconnect found the channel busy).
		frame('message.start', { message_id: 'a1' });
		frame('message.update', { message_id: 'a1', text: 'half of a1' });
		// The next turn runs and ends.
		frame('agent.busy', { reason: 'processing' });
		frame('message.start', { message_id: 'a2' });
		frame('message.update', { message_id: 'a2', text: 'all of a2' });
		frame('message.stop', { message_id: 'a2' });
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a2')).toMatchObject({ status: 'complete' })
		);
		expect(await t.db.messages.get('a1')).toMatchObject({ status: 'streaming' });
		frame('agent.idle', {});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({
				status: 'complete',
				interrupted: true,
				text: 'half of a1'
			})
		);
		expect((await t.db.messages.get('a2'))?.interrupted).toBeUndefined();
	});

	it('stores text well-formed: lone surrogates become U+FFFD, a split pair waits for its half', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a3' } });
		s.receive('{"v":1,"type":"message.update","payload":{"message_id":"a3","text":"hi \\ud83d"}}');
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.events.filter((e) => e.type === 'stream').at(-1)).toEqual({
			type: 'stream',
			updates: [{ message_id: 'a3', op: 'replace', text: 'hi ' }]
		});
		s.receive(
			'{"v":1,"type":"message.stop","payload":{"message_id":"a3","final_text":"hi \\ud83d\\ude00 \\udc00"}}'
		);
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('a3'))?.text).toBe('hi \u{1F600} \uFFFD')
		);
	});

	it('a send run twice with the same client_msg_id queues one message', async () => {
		const t = setup();
		await t.client.commands.send({ chat_id: 'default', text: 'once', client_msg_id: 'c-1' });
		await t.client.commands.send({ chat_id: 'default', text: 'once', client_msg_id: 'c-1' });
		expect(await t.db.outbox.count()).toBe(1);
		expect(await t.db.messages.where('client_msg_id').equals('c-1').count()).toBe(1);
	});

	it('reports a store failure once as a storage event (no retry storm)', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		// The sync unanswered: no store work of the catch-up's own after the store closes.
		await t.handshake({ replay: true });
		t.db.close();
		for (let i = 0; i < 3; i++) {
			await expect(t.client.commands.send({ chat_id: 'default', text: `x${i}` })).rejects.toThrow();
		}
		expect(t.events.filter((e) => e.type === 'storage')).toHaveLength(1);
		expect(t.client.diagnostics().filter((d) => d.kind === 'storage')).toHaveLength(3);
	});
});
