import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Faults } from '../../gateway/faults';
import { Hub } from '../../gateway/hub';
import { MemoryStore } from '../../gateway/storage/memory';
import { openSqliteStore } from '../../gateway/storage/sqlite/open';
import { HIGH_WATER_BYTES, OutgoingQueue } from '../../gateway/outgoing';
import { encodeServerFrame, frame, type ServerFrameOf } from '../../src/lib/protocol/iris';
import {
	TOKEN,
	TestClient,
	httpGet,
	post,
	startTestGateway,
	type TestGateway
} from './gateway-helpers';
import { sendAndFinish } from './gateway-suite';

let t: TestGateway | undefined;
const clients: TestClient[] = [];
let tempDir: string | undefined;

afterEach(async () => {
	await Promise.all(clients.splice(0).map((c) => c.close()));
	await t?.stop();
	t = undefined;
	if (tempDir) await rm(tempDir, { recursive: true, force: true });
	tempDir = undefined;
});

async function paired(device = 'dev-1'): Promise<TestClient> {
	const [client] = await TestClient.paired(t!.gw.wsUrl, device);
	clients.push(client);
	return client;
}

describe('test hooks', () => {
	it('are absent without IRIS_TEST_HOOKS', async () => {
		t = await startTestGateway();
		expect((await post(t.gw.port, '/__test/drop')).status).not.toBe(200);
	});

	it('drop cuts every socket; refuse turns upgrades away for a while', async () => {
		t = await startTestGateway({ testHooks: true });
		const a = await paired();
		expect(JSON.parse((await post(t.gw.port, '/__test/drop')).body)).toEqual({ dropped: 1 });
		expect((await a.closed).code).toBe(1006);
		await post(t.gw.port, '/__test/refuse?ms=60000');
		await expect(TestClient.connect(t.gw.wsUrl)).rejects.toThrow(/503/);
		await post(t.gw.port, '/__test/reset');
		await paired();
		expect((await post(t.gw.port, '/__test/refuse?ms=-1')).status).toBe(400);
	});

	it('duplicate sends every frame twice; inject sends raw text', async () => {
		t = await startTestGateway({ testHooks: true });
		const a = await paired();
		await post(t.gw.port, '/__test/duplicate?on=1');
		const pong = await a.request('ping', { ts: 5 });
		await a.waitFor((f) => f === pong);
		await a.waitFor((f) => f !== pong && f.type === 'pong', 0, 'duplicate pong');
		await post(t.gw.port, '/__test/duplicate?on=0');
		expect(
			JSON.parse((await post(t.gw.port, '/__test/inject', '{"v":1,"type":"pong"')).body)
		).toEqual({ sent: 1, repeat: 1 });
		await expect.poll(() => a.invalid.length).toBe(1);
		a.invalid.length = 0;
	});

	it('delay holds outgoing frames but keeps their order', async () => {
		t = await startTestGateway({ testHooks: true });
		const a = await paired();
		await post(t.gw.port, '/__test/delay?ms=50');
		const { turn } = await sendAndFinish(a, 'slowly');
		const kinds = turn.map((f) => f.type).filter((k) => k !== 'message.update');
		expect(kinds).toEqual([
			'message',
			'agent.busy',
			'typing',
			'message.start',
			'message.stop',
			'typing',
			'agent.idle'
		]);
	});

	it('restart keeps messages, dedupe and the replay log (SQLite data directory)', async () => {
		tempDir = await mkdtemp(path.join(tmpdir(), 'iris-state-'));
		const dataDir = tempDir;
		t = await startTestGateway({ testHooks: true, store: openSqliteStore(dataDir) });
		const a = await paired();
		const { ack } = await sendAndFinish(a, 'keep me', { client_msg_id: 'k-1' });
		expect((await post(t.gw.port, '/__test/restart')).status).toBe(200);
		await a.closed;
		const b = await paired('dev-2');
		const again = (await b.request('message.send', {
			text: 'keep me',
			client_msg_id: 'k-1'
		})) as ServerFrameOf<'message'>;
		expect(again.payload).toEqual(ack.payload);
		const done = await b.request('sync', { cursor: 0 });
		expect(b.types()).toContain('message.stop');
		expect(done.type).toBe('sync.done');
		const state = JSON.parse(
			(await httpGet(t.gw.port, `/__test/state?token=${encodeURIComponent(TOKEN)}`)).body
		);
		expect(state.stats).toEqual({ sendsReceived: 1, duplicateSends: 1 });
		expect(state.user_messages.map((m: { text: string }) => m.text)).toEqual(['keep me']);

		// A new gateway on the same data directory starts where this one stopped.
		await t.stop();
		t = await startTestGateway({ testHooks: true, store: openSqliteStore(dataDir) });
		const c = await paired('dev-3');
		const third = (await c.request('message.send', {
			text: 'keep me',
			client_msg_id: 'k-1'
		})) as ServerFrameOf<'message'>;
		expect(third.payload.message_id).toBe(ack.payload.message_id);
	});
});

describe('OutgoingQueue (slow reader)', () => {
	it('coalesces queued updates per message while the reader is slow, keeps the rest in order', async () => {
		const sent: string[] = [];
		const target = {
			bufferedAmount: HIGH_WATER_BYTES + 1,
			open: true,
			send: (s: string) => sent.push(s)
		};
		const q = new OutgoingQueue(target, encodeServerFrame, new Faults());
		q.push(frame('message.start', { message_id: 'a' }));
		for (let i = 1; i <= 1000; i++)
			q.push(frame('message.update', { message_id: 'a', text: 'x'.repeat(i) }));
		q.push(frame('message.stop', { message_id: 'a', final_text: 'done' }));
		expect(sent).toEqual([]);
		expect(q.pending).toBe(3);
		expect(q.coalesced).toBe(999);
		target.bufferedAmount = 0;
		await expect.poll(() => sent.length).toBe(3);
		const types = sent.map((s) => JSON.parse(s) as { type: string; payload: { text?: string } });
		expect(types.map((f) => f.type)).toEqual(['message.start', 'message.update', 'message.stop']);
		expect(types[1]?.payload.text).toHaveLength(1000);
	});

	it('records what it writes, delayed and duplicated copies included, but not injected text', async () => {
		const sent: string[] = [];
		const recorded: string[] = [];
		const faults = new Faults();
		faults.duplicate = true;
		faults.delayMs = 5;
		const target = { bufferedAmount: 0, open: true, send: (s: string) => sent.push(s) };
		const q = new OutgoingQueue(target, encodeServerFrame, faults, (s) => recorded.push(s));
		q.push(frame('pong', { ts: 1 }));
		q.pushRaw('{"v":1,"type":"pong"');
		expect(recorded).toEqual([]);
		await expect.poll(() => sent.length).toBe(4);
		expect(recorded).toHaveLength(2);
		expect(recorded.every((r) => JSON.parse(r).type === 'pong')).toBe(true);
		expect(sent.filter((s) => s === '{"v":1,"type":"pong"')).toHaveLength(2);
	});
});

describe('Hub on a kept store (/__test/restart, a new process)', () => {
	it('keeps the read marks and the reported server state', () => {
		const options = { token: 't', demoStepMs: 1, log: () => {} };
		const store = new MemoryStore();
		const hub = new Hub(options, store);
		expect(hub.reads).toEqual({});
		expect(hub.state).toBe('online');
		hub.setRead('default', 'm7');
		hub.state = 'degraded';
		hub.close();
		const next = new Hub(options, store);
		expect(next.reads).toEqual({ default: 'm7' });
		expect(next.state).toBe('degraded');
		next.close();
	});
});
