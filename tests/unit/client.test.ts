import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisClient } from '../../src/lib/connection/client';
import { IrisDB } from '../../src/lib/db/schema';
import type { WorkerEvent } from '../../src/lib/bridge/contract';
import { Backoff } from '../../src/lib/connection/backoff';
import { DEFAULT_EMIT_MS } from '../../src/lib/connection/stream';
import { FakeClock } from './support/fake-clock';
import { FakeSocket } from './support/fake-socket';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function setup() {
	const db = new IrisDB(`client-test-${++n}`);
	dbs.push(db);
	const clock = new FakeClock();
	const sockets: FakeSocket[] = [];
	const events: WorkerEvent[] = [];
	let uuid = 0;
	const client = new IrisClient({
		db,
		clock,
		createSocket: (url) => {
			const s = new FakeSocket(url);
			sockets.push(s);
			return s;
		},
		isOnline: () => true,
		randomUUID: () => `uuid-${++uuid}`,
		deviceName: 'test device'
	});
	client.subscribe((e) => events.push(e));
	const last = () => sockets[sockets.length - 1]!;
	/** Open the latest socket and complete the handshake; resolves once `sync` went out. */
	async function handshake() {
		last().open();
		last().receive({
			v: 1,
			type: 'hello.ack',
			id: 1,
			payload: {
				sync_cursor: 0,
				channels: [{ chat_id: 'default', name: 'General', kind: 'default', is_default: true }]
			}
		});
		await vi.waitFor(() => expect(last().sentTypes).toContain('sync'));
	}
	const sends = (s: FakeSocket) =>
		s.sent.filter((f) => f.type === 'message.send') as {
			id: number;
			payload: { text: string; client_msg_id: string };
		}[];
	return { db, clock, sockets, events, client, last, handshake, sends };
}

describe('IrisClient outbox (PROTOCOL-NOTES "Sending messages without loss or duplicates")', () => {
	it('shows a message at once, sends it with a client_msg_id, and takes the server id on ack', async () => {
		const t = setup();
		await t.client.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.client.send({ chat_id: 'default', text: 'hello' });
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		const sent = t.sends(t.last())[0]!;
		expect(sent.payload).toEqual({ text: 'hello', client_msg_id: 'uuid-2' });
		// The ack: the echoed user message with the request id (no client_msg_id echoed).
		t.last().receive({
			v: 1,
			type: 'message',
			id: sent.id,
			chat_id: 'default',
			payload: { message_id: 'srv-1', role: 'user', text: 'hello', ts: 5 }
		});
		await vi.waitFor(async () => expect(await t.db.outbox.count()).toBe(0));
		expect(await t.db.messages.get('local:uuid-2')).toBeUndefined();
		expect(await t.db.messages.get('srv-1')).toMatchObject({
			status: 'complete',
			client_msg_id: 'uuid-2'
		});
	});

	it('queues while disconnected, re-sends an unacked message once, then marks it failed; retry sends again', async () => {
		const t = setup();
		await t.client.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.client.send({ chat_id: 'default', text: 'offline words' });
		expect(t.sends(t.last())).toHaveLength(0);

		await t.handshake();
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		t.last().drop();
		t.clock.advance(new Backoff({ random: () => 1 }).next());
		await t.handshake();
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect(t.sends(t.sockets[1]!)[0]!.payload.client_msg_id).toBe(
			t.sends(t.sockets[0]!)[0]!.payload.client_msg_id
		);

		t.last().drop();
		t.clock.advance(3000);
		await t.handshake();
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('failed')
		);
		expect(t.sends(t.last())).toHaveLength(0);

		await t.client.retry('uuid-2');
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		expect((await t.db.messages.get('local:uuid-2'))?.status).toBe('sending');
	});

	it('a server error on message.send marks the message failed with the reason', async () => {
		const t = setup();
		await t.client.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		await t.client.send({ chat_id: 'default', text: 'too fast' });
		await vi.waitFor(() => expect(t.sends(t.last())).toHaveLength(1));
		t.last().receive({
			v: 1,
			type: 'error',
			id: t.sends(t.last())[0]!.id,
			payload: { code: 'rate_limited', message: 'slow down' }
		});
		await vi.waitFor(async () =>
			expect(await t.db.messages.get('local:uuid-2')).toMatchObject({
				status: 'failed',
				error: 'Not delivered: slow down'
			})
		);
	});
});

describe('IrisClient streaming', () => {
	it('sends coalesced text to the page and stores the final text at message.stop', async () => {
		const t = setup();
		await t.client.configure({ url: 'ws://gw/ws', token: 'x' });
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

	it('records a malformed frame as a diagnostic and keeps going', async () => {
		const t = setup();
		await t.client.configure({ url: 'ws://gw/ws', token: 'x' });
		await t.handshake();
		t.last().receive('{"v":1,"type":"message.update","payload":{"message_id":5}}');
		expect(t.client.diagnostics().at(-1)).toMatchObject({ kind: 'frame_invalid' });
		expect(t.events.some((e) => e.type === 'diagnostic')).toBe(true);
	});
});
