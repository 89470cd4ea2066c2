/**
 * The v3 adapter under the real worker client: v3 frames on a fake WebSocket, effects checked in
 * a fake-indexeddb store — the same effects the Iris dialect has.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisClient } from '../../src/lib/connection/client';
import { dialectSockets, type DialectDeps } from '../../src/lib/connection/dialect';
import { IrisDB } from '../../src/lib/db/schema';
import { getMeta } from '../../src/lib/db/meta';
import type { WorkerEvent } from '../../src/lib/bridge/contract';
import { FakeClock } from './support/fake-clock';
import { FakeSocket } from './support/fake-socket';
import { SPEC } from './support/v3-spec-examples';

/** `vi.waitFor` with room for a loaded machine (fake-indexeddb transactions are slow there). */
const until = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 5000 });

const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

let n = 0;
function v3Harness(http: Pick<DialectDeps, 'upload' | 'download'> = {}) {
	const db = new IrisDB(`v3-client-${++n}`);
	dbs.push(db);
	const clock = new FakeClock();
	const sockets: FakeSocket[] = [];
	const events: WorkerEvent[] = [];
	const reports: string[] = [];
	let uuid = 0;
	const randomUUID = () => `uuid-${++uuid}`;
	const dialect = dialectSockets({
		db,
		createWebSocket: (url) => {
			const s = new FakeSocket(url);
			sockets.push(s);
			return s;
		},
		randomUUID,
		now: () => clock.now(),
		report: (line) => reports.push(line),
		...http
	});
	const client = new IrisClient({
		db,
		clock,
		...dialect,
		isOnline: () => true,
		randomUUID,
		deviceName: 'test device'
	});
	client.subscribe((e) => events.push(e));
	const last = () => sockets[sockets.length - 1]!;
	/** Pair with a v3 URL and open the socket; resolves with the default session id. */
	async function connect(): Promise<string> {
		if (sockets.length === 0) {
			await client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
		}
		await until(() => expect(sockets.length).toBeGreaterThan(0));
		const socket = last();
		socket.open();
		await until(async () => expect(await getMeta(db, 'default_chat_id')).toBeDefined());
		return (await getMeta(db, 'default_chat_id'))!;
	}
	const v3 = (s: FakeSocket) => s.sent as Record<string, unknown>[];
	return { db, clock, sockets, events, reports, client, last, connect, v3 };
}

describe('IrisClient on a v3 gateway', () => {
	it('opens /ws/app?token=, creates the first session as the default channel', async () => {
		const t = v3Harness();
		const session = await t.connect();
		expect(t.last().url).toBe('ws://gw/ws/app?token=secret');
		expect(session).toBe('uuid-2');
		expect(await t.db.channels.get(session)).toMatchObject({ name: 'Hermes', is_default: true });
		expect(t.events).toContainEqual({ type: 'status', status: { state: 'connected' } });
	});

	it('sends text (from, to: hermes, session, ts in s) and takes the pong after it as the ack', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'hi' });
		await until(() => expect(t.v3(t.last()).map((f) => f.type)).toEqual(['text', 'ping']));
		expect(t.v3(t.last())[0]).toEqual({
			id,
			type: 'text',
			from: 'app',
			to: 'hermes',
			session,
			ts: Math.floor(t.clock.now() / 1000),
			data: { text: 'hi' }
		});
		expect((await t.db.messages.get(`local:${id}`))?.status).toBe('sending');
		t.last().receive(SPEC.pong);
		await until(async () => expect(await t.db.outbox.count()).toBe(0));
		expect(await t.db.messages.get(id)).toMatchObject({
			role: 'user',
			text: 'hi',
			status: 'complete'
		});
		expect(await t.db.messages.get(`local:${id}`)).toBeUndefined();
	});

	it('a reply (reply_to) acks before the pong; the streamed reply is stored once, complete', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'sort?' });
		await until(() => expect(t.v3(t.last())).toHaveLength(2));
		const s = t.last();
		s.receive({ ...SPEC.streamStart, session, reply_to: id });
		s.receive({ ...SPEC.stream, session });
		s.receive({ ...SPEC.stream, session, data: { text: '思路' } });
		s.receive({ ...SPEC.streamEnd, session });
		await until(async () =>
			expect(await t.db.messages.get('str_001')).toMatchObject({
				status: 'complete',
				text: '快速排序的思路',
				reply_to: id,
				ts: 1719123457000
			})
		);
		expect(await t.db.outbox.count()).toBe(0);
		// The pong that comes later settles nothing twice.
		s.receive(SPEC.pong);
		await until(async () => expect(await t.db.messages.count()).toBe(2));
	});

	it('an error replying to a message (before or after its ack) fails it; Retry sends it anew', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'x' });
		await until(() => expect(t.v3(t.last())).toHaveLength(2));
		t.last().receive({ ...SPEC.error, session, reply_to: id, data: { code: 'offline' } });
		const failed = async () => {
			const rows = (await t.db.messages.toArray()).filter((m) => m.status === 'failed');
			expect(rows).toHaveLength(1);
			return rows[0]!;
		};
		await until(async () =>
			expect(await failed()).toMatchObject({ error: expect.stringMatching(/not online/i) })
		);
		const retryId = (await failed()).client_msg_id!;
		expect(retryId).not.toBe(id);
		expect(
			t.client
				.diagnostics()
				.map((d) => d.message)
				.join('\n')
		).toMatch(/not online/i);
		expect(t.events.filter((e) => e.type === 'server_error')).toEqual([]);
		// Retry: the gateway drops a repeated id, so it goes out under the new one.
		await t.client.commands.retry(retryId);
		await until(() => expect(t.v3(t.last()).map((f) => f.id)).toContain(retryId));
		// After its ack (the pong to its ping; pongs answer pings in order), an error about it
		// still lands on the message.
		t.last().receive(SPEC.pong);
		t.last().receive(SPEC.pong);
		await until(async () => expect(await t.db.messages.get(retryId)).toBeDefined());
		t.last().receive({ ...SPEC.error, session, reply_to: retryId, data: { code: 'timeout' } });
		await until(async () => expect(await failed()).toMatchObject({ refused: 'internal' }));
		expect(await t.db.messages.get(retryId)).toBeUndefined();
	}, 15_000);

	it('a rate_limited reply keeps the message queued with a note (it is sent again later)', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'x' });
		await until(() => expect(t.v3(t.last())).toHaveLength(2));
		t.last().receive({ ...SPEC.error, session, reply_to: id, data: { code: 'rate_limited' } });
		await until(async () =>
			expect(await t.db.messages.get(`local:${id}`)).toMatchObject({
				status: 'sending',
				error: expect.stringMatching(/^Waiting: /)
			})
		);
	});

	it('an error about nothing pending becomes the server error event', async () => {
		const t = v3Harness();
		const session = await t.connect();
		t.last().receive({ ...SPEC.error, session, reply_to: null });
		await until(() => expect(JSON.stringify(t.events)).toContain('处理超时，请稍后再试'));
	});

	it('a disconnect mid-stream loses nothing and duplicates nothing; unacked sends go again', async () => {
		const t = v3Harness();
		const session = await t.connect();
		const id = await t.client.commands.send({ chat_id: session, text: 'long' });
		await until(() => expect(t.v3(t.last())).toHaveLength(2));
		t.last().receive({ ...SPEC.stream, session, data: { text: 'part one, ' } });
		t.last().drop(1006);
		await until(() =>
			expect(t.events.at(-1)).toMatchObject({ type: 'status', status: { state: 'reconnecting' } })
		);
		// v3 backoff starts at 1 s (±20 %).
		t.clock.advance(1200);
		await until(() => expect(t.sockets).toHaveLength(2));
		await t.connect();
		// The message was written but never acked: re-sent once, same id.
		await until(() => expect(t.v3(t.last()).filter((f) => f.type === 'text')).toHaveLength(1));
		expect(t.v3(t.last())[0]).toMatchObject({ id, type: 'text' });
		// The gateway held the rest of the stream while we were away.
		t.last().receive({ ...SPEC.stream, session, data: { text: 'part two' } });
		t.last().receive({ ...SPEC.streamEnd, session });
		t.last().receive(SPEC.pong);
		await until(async () => {
			const rows = await t.db.messages.toArray();
			expect(rows.filter((r) => r.role === 'assistant').map((r) => [r.text, r.status])).toEqual([
				['part one, part two', 'complete']
			]);
			expect(rows.filter((r) => r.role === 'user').map((r) => r.message_id)).toEqual([id]);
		});
	});

	it('frames the gateway held arrive before the handshake is through: none is lost', async () => {
		const t = v3Harness();
		await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
		await until(() => expect(t.sockets).toHaveLength(1));
		const s = t.last();
		s.open();
		// Delivered at once on open, while the adapter still reads the store for `hello.ack`.
		s.receive({ ...SPEC.textFromAgent, session: 'held-session' });
		await until(async () =>
			expect(await t.db.messages.get('msg_002')).toMatchObject({ chat_id: 'held-session' })
		);
	});

	it('answers pings from the server, and heartbeats with v3 ping after 30 s of silence', async () => {
		const t = v3Harness();
		await t.connect();
		t.last().receive(SPEC.ping);
		await until(() => expect(t.v3(t.last())).toContainEqual({ type: 'pong' }));
		t.clock.advance(30_000);
		await until(() => expect(t.v3(t.last())).toContainEqual({ type: 'ping' }));
		// 90 s without any frame: the link is dead and reconnects.
		t.clock.advance(60_000);
		await until(() => expect(t.last().closedWith).toBeDefined());
	});

	it('reconnects 1 → 2 → 4 → 8 → 30 s and starts again after a success', async () => {
		const t = v3Harness();
		// A plain GET of the socket URL answers 426: the gateway is there, the token is fine.
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('', { status: 426 }))
		);
		try {
			await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
			const delays: number[] = [];
			const dropAndWait = async () => {
				const seen = t.events.length;
				t.last().drop(1006);
				const retry = () =>
					t.events
						.slice(seen)
						.map((e) => (e.type === 'status' ? e.status.retry_in_ms : undefined))
						.find((ms) => ms !== undefined);
				await until(() => expect(retry()).toBeDefined());
				delays.push(retry()!);
				const before = t.sockets.length;
				t.clock.advance(retry()!);
				await until(() => expect(t.sockets.length).toBe(before + 1));
			};
			for (let i = 0; i < 6; i++) {
				// The link opens its socket, sends hello, and the adapter dials the gateway.
				await until(() => expect(t.sockets).toHaveLength(i + 1));
				await dropAndWait();
			}
			await t.connect();
			await dropAndWait();
			const steps = [1000, 2000, 4000, 8000, 30000, 30000, 1000];
			expect(delays).toHaveLength(steps.length);
			delays.forEach((d, i) =>
				expect(Math.abs(d - steps[i]!) / steps[i]!).toBeLessThanOrEqual(0.2)
			);
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('sessions: created, renamed and deleted locally; history and search from the store', async () => {
		const t = v3Harness();
		const first = await t.connect();
		const chat_id = await t.client.commands.createChannel({ name: 'Work', kind: 'channel' });
		expect(await t.db.channels.get(chat_id)).toMatchObject({ name: 'Work' });
		await t.client.commands.renameChannel(chat_id, 'Job');
		expect((await t.db.channels.get(chat_id))?.name).toBe('Job');
		t.last().receive({ ...SPEC.textFromAgent, session: chat_id, data: { text: 'quicksort here' } });
		await until(async () => expect(await t.db.messages.get('msg_002')).toBeDefined());
		expect(await t.client.commands.search({ query: 'QUICK', scope: 'all' })).toMatchObject([
			{ message_id: 'msg_002', chat_id }
		]);
		expect(await t.client.commands.loadHistory({ chat_id })).toEqual({ has_more: false, count: 0 });
		await expect(t.client.commands.deleteChannel(first)).rejects.toThrow(/default session/);
		await t.client.commands.deleteChannel(chat_id);
		expect(await t.db.channels.get(chat_id)).toBeUndefined();
		expect(t.v3(t.last()).filter((f) => f.type !== 'ping')).toEqual([]);
	});

	it('a refused token stops reconnecting (the gateway answers 401 to a plain GET)', async () => {
		const t = v3Harness();
		const fetchMock = vi.fn(async () => new Response('', { status: 401 }));
		vi.stubGlobal('fetch', fetchMock);
		try {
			await t.client.commands.configure({ url: 'ws://gw/ws/app', token: 'wrong' });
			await until(() => expect(t.sockets).toHaveLength(1));
			t.last().drop(1006);
			await until(() =>
				expect(t.events.at(-1)).toMatchObject({ status: { state: 'auth_failed' } })
			);
			// The token in a header, not in the URL (only the socket URL carries it).
			expect(fetchMock).toHaveBeenCalledWith('http://gw/ws/app', {
				headers: { authorization: 'Bearer wrong' }
			});
		} finally {
			vi.unstubAllGlobals();
		}
	});

	it('records an unknown or malformed frame and goes on', async () => {
		const t = v3Harness();
		const session = await t.connect();
		t.last().receive({ ...SPEC.textFromAgent, session, type: 'link' });
		t.last().receive('not json');
		t.last().receive({ ...SPEC.textFromAgent, session });
		await until(async () => expect(await t.db.messages.get('msg_002')).toBeDefined());
		expect(t.reports.join('\n')).toMatch(/unknown_type[\s\S]*json/);
	});

	it('media over HTTP: upload → v3 image with the table fields; incoming voice fetched and stored', async () => {
		const upload = vi.fn(async () => ({
			media_id: 'med_1',
			name: 'a.png',
			type: 'image/png',
			size: 5
		}));
		const download = vi.fn(
			async (_base: string, _token: string, _id: string, onChunk: (c: ArrayBuffer) => void) => {
				onChunk(new Uint8Array(30_000).buffer);
				onChunk(new Uint8Array(18_000).buffer);
			}
		);
		const t = v3Harness({ upload, download });
		const session = await t.connect();
		await t.client.commands.attach({
			media_ref: 'ref-1',
			chat_id: session,
			blob: new Blob([new Uint8Array(5)], { type: 'image/png' }),
			filename: 'a.png',
			mime: 'image/png',
			kind: 'image',
			width: 4,
			height: 3
		});
		await until(async () => expect((await t.db.uploads.get('ref-1'))?.state).toBe('done'));
		expect(upload).toHaveBeenCalledWith(
			'http://gw',
			'secret',
			expect.anything(),
			expect.anything()
		);
		expect((await t.db.media.get('ref-1'))?.remote_id).toBe('med_1');

		const id = await t.client.commands.send({
			chat_id: session,
			text: 'look',
			media_refs: ['ref-1']
		});
		await until(() => expect(t.v3(t.last()).filter((f) => f.type === 'image')).toHaveLength(1));
		expect(t.v3(t.last()).find((f) => f.type === 'image')).toMatchObject({
			id,
			data: {
				text: 'look',
				media: { id: 'med_1', name: 'a.png', type: 'image/png', size: 5, width: 4, height: 3 }
			}
		});

		// The agent's voice note: announced, fetched at once (small voice), kept in IndexedDB.
		t.last().receive({ ...SPEC.voice, from: 'hermes', to: 'app', session });
		await until(async () => expect((await t.db.media.get('med_d4e5f6'))?.state).toBe('stored'));
		expect(download).toHaveBeenCalledWith('http://gw', 'secret', 'med_d4e5f6', expect.anything());
		expect((await t.db.media_blobs.get('med_d4e5f6'))?.blob.size).toBe(48000);
		expect(await t.db.messages.get('msg_004')).toMatchObject({
			role: 'assistant',
			media: [{ media_id: 'med_d4e5f6', kind: 'voice', mime: 'audio/aac', size: 48000 }]
		});
	});
});
