/**
 * Benchmark (reconnect batching): a reconnect after 1,000 frames were queued at the gateway is
 * applied in batched transactions. Counts, does not time: prints how many read-write
 * transactions the client used to apply the replay.
 *
 *   npx tsx bench/reconnect-batch.ts [frames=1000]
 *
 * A real reference gateway (in process, 127.0.0.1, free port) and the real `IrisClient` over
 * `fake-indexeddb`; while the client is away, a second device sends messages whose demo turns
 * put frames into the gateway's replay log; then the client reconnects and syncs.
 */
import 'fake-indexeddb/auto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startGateway } from '../gateway/server';
import { IrisClient } from '../src/lib/connection/client';
import type { SocketLike } from '../src/lib/connection/link';
import { getMeta } from '../src/lib/db/meta';
import { IrisDB } from '../src/lib/db/schema';
import { systemClock } from '../src/lib/platform/clock';

const FRAMES = Number(process.argv[2] ?? 1000);
const TOKEN = 'bench-token';
/** Frames one demo turn leaves in the replay log once its updates are superseded by the stop:
 * the user `message`, `agent.busy`, `message.start`, `message.stop`, `agent.idle`. */
const FRAMES_PER_TURN = 5;

async function until(
	check: () => Promise<boolean>,
	what: string,
	timeoutMs = 60_000
): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > end) throw new Error(`[bench] timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 20));
	}
}

/** A second device: pairs, sends `turns` messages, waits for each turn to end. */
async function produce(wsUrl: string, turns: number): Promise<void> {
	const ws = new WebSocket(wsUrl);
	await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
	let idle = 0;
	let acked = false;
	ws.on('message', (data) => {
		const frame = JSON.parse(String(data)) as { type: string; id?: number };
		if (frame.type === 'agent.idle') idle += 1;
		if (frame.type === 'hello.ack') acked = true;
	});
	ws.send(
		JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: TOKEN, device_id: 'producer' } })
	);
	await until(async () => acked, 'the producer handshake');
	for (let i = 0; i < turns; i++) {
		ws.send(
			JSON.stringify({ v: 1, type: 'message.send', id: i + 2, payload: { text: `queued ${i}` } })
		);
	}
	await until(async () => idle >= turns, 'the producer turns');
	ws.close();
}

async function main(): Promise<void> {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-bench-'));
	await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
	const gateway = await startGateway({
		host: '127.0.0.1',
		port: 0,
		token: TOKEN,
		staticDir: dir,
		demoStepMs: 0,
		// The producer posts its turns in one burst: the default send limit would refuse most.
		limits: { sends: { burst: 100_000, perSecond: 100_000 } },
		log: () => {}
	});
	const db = new IrisDB(`bench-${Date.now()}`);
	let transactions = 0;
	const transaction = db.transaction.bind(db) as (...args: unknown[]) => unknown;
	(db as unknown as { transaction: (...args: unknown[]) => unknown }).transaction = (...args) => {
		transactions += 1;
		return transaction(...args);
	};
	const client = new IrisClient({
		db,
		clock: systemClock,
		createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
		isOnline: () => true,
		randomUUID: () => crypto.randomUUID(),
		deviceName: 'bench'
	});
	const config = { url: gateway.wsUrl, token: TOKEN };
	let status = '';
	client.subscribe((e) => {
		if (e.type === 'status') status = e.status.state;
	});
	try {
		await client.commands.configure(config);
		await until(
			async () => status === 'connected' && (await getMeta(db, 'cursor')) !== undefined,
			'the first sync'
		);
		await client.commands.configure(null);

		const turns = Math.ceil(FRAMES / FRAMES_PER_TURN);
		await produce(gateway.wsUrl, turns);
		const before = (await getMeta(db, 'cursor')) ?? 0;

		transactions = 0;
		await client.commands.configure(config);
		const messages = async () => (await db.messages.count()) >= turns * 2;
		await until(messages, 'the replayed messages');
		const cursor = (await getMeta(db, 'cursor')) ?? 0;
		const replayed = turns * FRAMES_PER_TURN;
		console.log(
			`[bench] reconnect-batch: ${replayed} frames queued at the gateway (cursor ${before} → ${cursor}), ` +
				`applied in ${transactions} read-write transactions (${(replayed / Math.max(1, transactions)).toFixed(1)} frames per transaction)`
		);
	} finally {
		await client.commands.configure(null).catch(() => {});
		await gateway.close();
		await db.delete();
		await rm(dir, { recursive: true, force: true });
	}
}

main().catch((e: unknown) => {
	console.error(`[bench] failed: ${e instanceof Error ? e.message : String(e)}`);
	process.exit(1);
});
