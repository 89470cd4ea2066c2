import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import type { AgentActivity } from '../../src/lib/bridge/contract';
import { HELD_MAX_MS } from '../../src/lib/connection/apply-queue';

describe('turn activity during a sync catch-up (bench/README.md "Reconnect catch-up")', () => {
	it("announces each channel's net state once at sync.done, not every replayed busy/idle", async () => {
		const t = setup();
		const events: AgentActivity[] = [];
		t.client.subscribe((e) => {
			if (e.type === 'activity') events.push(e.activity);
		});
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake({ replay: true });
		const sync = t.last().sent.find((f) => f.type === 'sync')!;
		events.length = 0;
		// 50 finished turns in `c1`, 50 in `c2`, and one still running in `c2`.
		for (let i = 0; i < 50; i++) {
			for (const chat_id of ['c1', 'c2']) {
				t.last().receive({ v: 1, type: 'agent.busy', chat_id, payload: {} });
				t.last().receive({ v: 1, type: 'agent.idle', chat_id, payload: {} });
			}
		}
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'c2', payload: {} });
		expect(events).toEqual([]);
		t.last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 9 } });
		await vi.waitFor(() => expect(events).toHaveLength(2));
		expect(events.map((a) => [a.chat_id, a.busy])).toEqual([
			['c1', false],
			['c2', true]
		]);
		// After the catch-up every change is announced at once again.
		t.last().receive({ v: 1, type: 'agent.idle', chat_id: 'c2', payload: {} });
		expect(events.at(-1)).toMatchObject({ chat_id: 'c2', busy: false });
		expect(events).toHaveLength(3);
	});
});

describe('answers cut off, checked after a sync catch-up (doc/protocol.md "An answer the gateway forgot")', () => {
	it('checks each channel at the end of the replay, not once per replayed agent.idle', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake({ replay: true });
		const sync = t.last().sent.find((f) => f.type === 'sync')!;
		const transaction = vi.spyOn(t.db, 'transaction');
		// The one-table read-write transactions are the checks (db/interrupted.ts).
		const checks = () => transaction.mock.calls.filter((call) => call[1] === t.db.messages).length;
		t.last().receive({
			v: 1,
			type: 'channel.created',
			payload: { chat_id: 'c1', name: 'One', kind: 'channel' }
		});
		// 50 finished turns replayed, then one the gateway forgot: started, never stopped.
		for (let i = 0; i < 50; i++) {
			const message_id = `a${i}`;
			t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'c1', payload: {} });
			t.last().receive({ v: 1, type: 'message.start', chat_id: 'c1', payload: { message_id } });
			t.last().receive({ v: 1, type: 'message.stop', chat_id: 'c1', payload: { message_id } });
			t.last().receive({ v: 1, type: 'agent.idle', chat_id: 'c1', payload: {} });
		}
		t.last().receive({
			v: 1,
			type: 'message.start',
			chat_id: 'c1',
			payload: { message_id: 'cut' }
		});
		t.last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 9 } });
		await t.answerGapFill(2);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('cut')).toMatchObject({
				status: 'complete',
				interrupted: true
			})
		);
		// `c1` when the replay ended, then `default` and `c1` after their gap-fill pages.
		await vi.waitFor(() => expect(checks()).toBe(3));
		expect(await t.db.messages.filter((m) => m.status === 'complete').count()).toBe(51);
	});
});

describe('answers cut off when the sync is not answered', () => {
	it('a sync that times out still checks the channels its replay called idle', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', chat_id: 'default', payload: { message_id: 'a1' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'half' } });
		await vi.waitFor(async () => expect(await t.db.messages.get('a1')).toBeDefined());
		s.drop();
		t.clock.advance(2000);
		await t.handshake({ replay: true });
		// The replay says the turn ended; its `sync.done` never comes.
		t.last().receive({ v: 1, type: 'agent.busy', chat_id: 'default', payload: {} });
		t.last().receive({ v: 1, type: 'agent.idle', chat_id: 'default', payload: {} });
		t.clock.advance(15_000);
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('a1')).toMatchObject({
				status: 'complete',
				interrupted: true,
				text: 'half'
			})
		);
	});
});

describe('a sync replay stored at once (bench/README.md "Reconnect catch-up")', () => {
	it('writes the replay in one commit when it ends, not one per burst', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake({ replay: true });
		const sync = t.last().sent.find((f) => f.type === 'sync')!;
		// What the handshake stored is written by now (the channel from `hello.ack`).
		await vi.waitFor(async () => expect(await t.db.channels.count()).toBe(1));
		const transaction = vi.spyOn(t.db, 'transaction');
		// The batches: read-write transactions over a list of tables (db/apply.ts).
		const batches = () => transaction.mock.calls.filter((call) => Array.isArray(call[1])).length;
		for (let i = 0; i < 200; i++) {
			t.last().receive({
				v: 1,
				type: 'message',
				chat_id: 'default',
				payload: { message_id: `m${i}`, role: 'user', text: `missed ${i}`, ts: 10 + i }
			});
			// Bursts with time between them, as a replay arrives from the network: time in which
			// a queue that does not hold writes each burst.
			if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 20));
		}
		expect(await t.db.messages.count()).toBe(0);
		expect(batches()).toBe(0);
		t.last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 9 } });
		await vi.waitFor(async () => expect(await t.db.messages.count()).toBe(200));
		expect(batches()).toBe(1);
		// Live again: a frame is written at once.
		t.last().receive({
			v: 1,
			type: 'message',
			chat_id: 'default',
			payload: { message_id: 'live', role: 'user', text: 'now', ts: 999 }
		});
		await vi.waitFor(async () => expect(await t.db.messages.get('live')).toBeDefined());
	});

	it('writes held frames after HELD_MAX_MS even while the replay goes on', async () => {
		const t = setup();
		await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake({ replay: true });
		t.last().receive({
			v: 1,
			type: 'message',
			chat_id: 'default',
			payload: { message_id: 'slow', role: 'user', text: 'a slow replay', ts: 10 }
		});
		t.clock.advance(HELD_MAX_MS);
		await vi.waitFor(async () => expect(await t.db.messages.get('slow')).toBeDefined());
	});
});
