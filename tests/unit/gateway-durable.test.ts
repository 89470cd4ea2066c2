/**
 * The gateway on its SQLite store: faults (a full disk, damaged media, an oversized message),
 * `GET /healthz`, what a restart restores (cut-off answers, open pickers), token rotation.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { CUT_OFF_NOTE } from '../../gateway/control/restore';
import { writeToken } from '../../gateway/storage/data-dir';
import { openSqliteStore } from '../../gateway/storage/sqlite/open';
import type { SqliteStore } from '../../gateway/storage/sqlite/store';
import { TOKEN, TestClient, startTestGateway, type TestGateway } from './gateway-helpers';

let gateways: TestGateway[] = [];
let clients: TestClient[] = [];
let dirs: string[] = [];
afterEach(async () => {
	await Promise.all(clients.map((c) => c.close()));
	for (const g of gateways) await g.stop();
	for (const d of dirs) await rm(d, { recursive: true, force: true });
	gateways = [];
	clients = [];
	dirs = [];
});

async function onDisk(extra: Parameters<typeof startTestGateway>[0] = {}, dir?: string) {
	const dataDir = dir ?? (await mkdtemp(path.join(tmpdir(), 'iris-durable-')));
	if (!dir) dirs.push(dataDir);
	const store = openSqliteStore(dataDir);
	const t = await startTestGateway({ store, ...extra });
	gateways.push(t);
	return { t, store, dataDir };
}

async function pair(t: TestGateway, device = 'dev-1', token = TOKEN) {
	const client = await TestClient.connect(t.gw.wsUrl);
	clients.push(client);
	const ack = await client.request('hello', { token, device_id: device });
	return { client, ack };
}

describe('faults', () => {
	it('a full disk answers error{internal} and stores nothing; the gateway goes on', async () => {
		const { t, store } = await onDisk();
		const { client } = await pair(t);
		const db = (store as SqliteStore).database;
		const pages = db.pragma('page_count', { simple: true }) as number;
		db.pragma(`max_page_count = ${pages}`);
		const big = 'x'.repeat(64 * 1024);
		const refused = await client.request('message.send', { text: big, client_msg_id: 'full' });
		expect(refused.type).toBe('error');
		expect(refused.payload).toMatchObject({ code: 'internal' });
		expect(t.logs.some((l) => l.includes('storage error: database or disk is full'))).toBe(true);
		expect(store.messages.findByClientMsgId('full')).toBeUndefined();
		expect((await client.request('ping', { ts: 1 })).type).toBe('pong');
		db.pragma('max_page_count = 1073741823');
		const ack = await client.request('message.send', { text: big, client_msg_id: 'full' });
		expect(ack.type).toBe('message');
	});

	it('a message over IRIS_MAX_MESSAGE_BYTES is refused with a clear error', async () => {
		const { t } = await onDisk({ maxMessageBytes: 10 });
		const { client } = await pair(t);
		const refused = await client.request('message.send', { text: 'ééééééé' });
		expect(refused.payload).toEqual({
			code: 'unsupported',
			message:
				'the message is too long for this gateway: 14 bytes of text (14 B), over its limit of 10 bytes'
		});
		expect((await client.request('message.send', { text: 'short' })).type).toBe('message');
	});

	it('a media file that no longer matches its hash: media.pull.end{ok:false}, logged', async () => {
		const { t, store } = await onDisk();
		const { client } = await pair(t);
		const bytes = Buffer.from('a document');
		const sha256 = createHash('sha256').update(bytes).digest('hex');
		await store.media.put({ media_id: 'doc', kind: 'document', size: 10, sha256 }, bytes);
		await writeFile((store as SqliteStore).media.file(sha256), 'b document');
		const end = await client.request('media.pull', { media_id: 'doc' });
		expect(end.type).toBe('media.pull.end');
		expect(end.payload).toEqual({ ok: false });
		expect(
			t.logs.some((l) => l.includes('media pull doc failed: the stored bytes are corrupt'))
		).toBe(true);
	});

	it('a v3 media file that no longer matches its hash is not served: HTTP 404', async () => {
		const { t, store } = await onDisk();
		const body = new FormData();
		body.append('file', new Blob(['v3 bytes'], { type: 'text/plain' }), 'a.txt');
		const auth = { authorization: `Bearer ${TOKEN}` };
		const up = await fetch(`${t.gw.httpUrl}/api/media/upload`, {
			method: 'POST',
			body,
			headers: auth
		});
		const { media_id } = (await up.json()) as { media_id: string };
		expect((await fetch(`${t.gw.httpUrl}/media/${media_id}`, { headers: auth })).status).toBe(200);
		await writeFile(
			(store as SqliteStore).media.file(store.media.get(media_id)!.sha256),
			'v3 bytez'
		);
		expect((await fetch(`${t.gw.httpUrl}/media/${media_id}`, { headers: auth })).status).toBe(404);
		expect(t.logs.some((l) => l.includes(`media ${media_id} not served`))).toBe(true);
	});
});

describe('GET /healthz', () => {
	it('reports the store, uptime and connected devices', async () => {
		const { t } = await onDisk();
		await pair(t);
		const res = await fetch(`${t.gw.httpUrl}/healthz`);
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({
			ok: true,
			store: { kind: 'sqlite', ok: true },
			devices_connected: 1,
			replay_log: { latest: 0, size: 0 }
		});
	});
});

describe('a restart on the same data directory', () => {
	it('closes the answer that was streaming and keeps the picker answerable', async () => {
		const first = await onDisk({ demoStepMs: 1 });
		const { client } = await pair(first.t);
		await client.request('message.send', { text: '/demo confirm' });
		const picker = (await client.waitFor(
			(f) => f.type === 'picker.confirm'
		)) as ServerFrameOf<'picker.confirm'>;
		await first.t.gw.close();
		gateways = [];

		const { t } = await onDisk({ demoStepMs: 1 }, first.dataDir);
		const { client: again } = await pair(t, 'dev-2');
		const stop = (await again.request('history', {})) as ServerFrameOf<'history'>;
		const cut = stop.payload.messages.find((m) => m.role === 'assistant');
		expect(cut?.text).toBe(`This will reset the conversation. \n\n${CUT_OFF_NOTE}`);
		const answer = await again.request('picker.select', {
			picker_id: picker.payload.picker_id,
			value: 'yes'
		});
		expect(answer.type).toBe('agent.busy');
		await again.waitFor(
			(f) => f.type === 'message.stop' && f.payload.final_text === 'Conversation reset.'
		);
	});
});

describe('token rotation', () => {
	it('a new token in the token file closes old pairings and refuses the old token', async () => {
		const dir = await mkdtemp(path.join(tmpdir(), 'iris-token-'));
		dirs.push(dir);
		writeToken(dir, TOKEN);
		const { t } = await onDisk({ tokenFile: path.join(dir, 'token') });
		const { client } = await pair(t);
		writeToken(dir, 'the-new-token');
		expect((await client.closed).code).toBe(4001);
		const old = await TestClient.connect(t.gw.wsUrl);
		clients.push(old);
		expect((await old.request('hello', { token: TOKEN, device_id: 'd' })).payload).toMatchObject({
			code: 'auth'
		});
		const { ack } = await pair(t, 'dev-1', 'the-new-token');
		expect(ack.type).toBe('hello.ack');
		expect(t.gw.pairingLink).toContain('token=the-new-token');
		// The file is read once a second: allow a loaded machine a few of those.
	}, 15_000);
});
