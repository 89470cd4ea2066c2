/**
 * The worker client on a v3 gateway, messages: the first session, sends acked by the pong or a
 * reply, errors about a message, sessions kept locally, bad frames, and media over HTTP.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPEC } from './support/v3-spec-examples';
import { deleteHarnessStores, until, v3Harness } from './v3-client-harness';

afterEach(deleteHarnessStores);

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
