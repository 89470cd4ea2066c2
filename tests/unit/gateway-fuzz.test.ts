/**
 * Fuzz of the gateway's network surface against the real process (`gateway/main.ts` with an in-memory
 * store, test hooks and Web Push on): generated raw HTTP requests (paths, encodings,
 * methods, headers, upgrade variants, bodies), Iris and v3 text frames on authenticated
 * connections, and raw WebSocket frames before authentication. Afterwards the process must still
 * be running, answer `/healthz`, and pair and answer a new device.
 *
 * Seeded (`IRIS_FUZZ_SEED` overrides the seed): a failure names its seed and reproduces. The case
 * counts are fixed; the whole run is bounded (each exchange has a timeout).
 */
import { WebSocket } from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN, makeStaticDir } from './gateway-helpers';
import { fuzzRequest } from './support/fuzz-http';
import { irisFrame, maskedText, rawFrame, v3Frame } from './support/fuzz-frames';
import { Pick } from './support/fuzz-pick';
import { crash, startGatewayProcess, type GatewayRun } from './support/gateway-process';
import { rawExchange, upgradeRequest } from './support/raw-socket';

const SEED = Number(process.env.IRIS_FUZZ_SEED ?? 140_614);
const HTTP_REQUESTS = 6_000;
const IRIS_FRAMES = 3_000;
const V3_FRAMES = 1_000;
const RAW_CONNECTIONS = 500;
/** Exchanges in flight at once. */
const PARALLEL = 24;
/** Authenticated fuzz clients connect from here: their address is not the guessing one's. */
const TRUSTED_ADDRESS = '127.0.0.3';

let run: GatewayRun;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
	const { dir, cleanup } = await makeStaticDir();
	cleanups.push(cleanup);
	run = await startGatewayProcess({
		IRIS_PORT: '0',
		IRIS_TOKEN: TOKEN,
		IRIS_STORE: 'memory',
		IRIS_STATIC_DIR: dir,
		IRIS_TEST_HOOKS: '1',
		IRIS_PUSH: 'webpush',
		IRIS_VAPID_SUBJECT: 'mailto:tests@example.com',
		IRIS_DEMO_STEP_MS: '0',
		IRIS_QR: '0'
	});
	cleanups.push(() => crash(run));
});

afterAll(async () => {
	for (const c of cleanups.splice(0).reverse()) await c();
});

/** Fail at once (with the process's last words) if the gateway exits while `work` runs. */
async function alive<T>(what: string, work: Promise<T>): Promise<T> {
	const died = run.exited.then(() => {
		throw new Error(
			`the gateway exited during ${what} (seed ${SEED}):\n${run.output().slice(-3000)}`
		);
	});
	return Promise.race([work, died]);
}

/** Run `count` tasks, `PARALLEL` at a time. */
async function inParallel(count: number, task: (i: number) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count) await task(next++);
	};
	await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** A WebSocket from `TRUSTED_ADDRESS`; resolves once open (rejects when refused). */
function open(url: string): Promise<WebSocket> {
	const ws = new WebSocket(url, { localAddress: TRUSTED_ADDRESS });
	ws.on('error', () => {});
	return new Promise((resolve, reject) => {
		ws.once('open', () => resolve(ws));
		ws.once('close', (code) => reject(new Error(`closed (${code}) before open`)));
	});
}

/** An Iris connection past `hello.ack`. */
async function pairedIris(device: string): Promise<WebSocket> {
	const ws = await open(`ws://127.0.0.1:${run.port}/ws`);
	const acked = new Promise<void>((resolve) =>
		ws.on('message', (data) => {
			if (String(data).includes('"hello.ack"')) resolve();
		})
	);
	ws.send(
		JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: TOKEN, device_id: device } })
	);
	await acked;
	return ws;
}

/** Send `frames` on connections made by `connect`, reconnecting when one is closed. */
async function pour(
	connect: () => Promise<WebSocket>,
	frames: (i: number) => string | Buffer,
	count: number
) {
	let ws = await connect();
	for (let i = 0; i < count; i++) {
		if (ws.readyState !== WebSocket.OPEN) ws = await connect();
		ws.send(frames(i));
		// Keep the socket's buffer small: wait for the kernel now and then.
		if (ws.bufferedAmount > 256 * 1024) await new Promise((r) => ws.send('', r));
	}
	const closed = new Promise((r) => ws.once('close', r));
	ws.close();
	await closed;
}

it(
	'survives generated requests and frames; still healthy, still pairing',
	{ timeout: 60_000 },
	async () => {
		const started = Date.now();
		const statuses = new Map<number, number>();
		const host = `127.0.0.1:${run.port}`;

		const httpPick = new Pick(SEED);
		const requests = Array.from({ length: HTTP_REQUESTS }, () =>
			fuzzRequest(httpPick, { host, token: TOKEN })
		);
		await alive(
			'the HTTP fuzz',
			inParallel(HTTP_REQUESTS, async (i) => {
				// From many addresses: each has a failed-authentication budget, and requests with
				// the real token must still reach the code behind the check.
				const localAddress = `127.0.1.${(i % 250) + 1}`;
				const { status } = await rawExchange(run.port, requests[i]!, {
					timeoutMs: 1_500,
					localAddress
				});
				statuses.set(status, (statuses.get(status) ?? 0) + 1);
			})
		);

		const framePick = new Pick(SEED + 1);
		const binary = () => framePick.bytes(framePick.int(0, 5_000));
		await alive(
			'the frame fuzz',
			Promise.all([
				pour(
					() => pairedIris('fuzz-1'),
					() => (framePick.chance(0.1) ? binary() : irisFrame(framePick, TOKEN)),
					IRIS_FRAMES
				),
				pour(
					() => open(`ws://127.0.0.1:${run.port}/ws/app?token=${encodeURIComponent(TOKEN)}`),
					() => (framePick.chance(0.05) ? binary() : v3Frame(framePick)),
					V3_FRAMES
				)
			])
		);

		const rawPick = new Pick(SEED + 2);
		let rawFrames = 0;
		await alive(
			'the raw frame fuzz',
			inParallel(RAW_CONNECTIONS, async () => {
				const frames = Array.from({ length: rawPick.int(1, 6) }, () => rawFrame(rawPick));
				if (rawPick.chance(0.3)) {
					const hello = { v: 1, type: 'hello', id: 1, payload: { token: TOKEN, device_id: 'raw' } };
					frames.unshift(maskedText(JSON.stringify(hello)));
				}
				rawFrames += frames.length;
				const where = rawPick.chance(0.8) ? '/ws' : `/ws/app?token=${encodeURIComponent(TOKEN)}`;
				await rawExchange(run.port, upgradeRequest(run.port, where), {
					timeoutMs: 1_500,
					afterHandshake: frames
				});
			})
		);

		const total = HTTP_REQUESTS + IRIS_FRAMES + V3_FRAMES + rawFrames;
		const byStatus = [...statuses]
			.sort(([a], [b]) => a - b)
			.map(([s, n]) => `${s || 'none'}: ${n}`);
		console.log(
			`[fuzz] seed ${SEED}: ${HTTP_REQUESTS} HTTP requests (${byStatus.join(', ')}), ` +
				`${IRIS_FRAMES} Iris and ${V3_FRAMES} v3 frames, ${rawFrames} raw frames on ` +
				`${RAW_CONNECTIONS} connections = ${total} in ${Math.round((Date.now() - started) / 1000)} s`
		);
		expect(total).toBeGreaterThanOrEqual(10_000);

		expect(run.child.exitCode).toBeNull();
		const health = await fetch(`http://${host}/healthz`);
		expect(health.status).toBe(200);
		expect(((await health.json()) as { ok: boolean }).ok).toBe(true);

		// A new device (from an address that guessed nothing) pairs and gets its message acked.
		const ws = new WebSocket(`ws://${host}/ws`, { localAddress: '127.0.0.2' });
		const frames: string[] = [];
		ws.on('message', (d) => frames.push(String(d)));
		await new Promise((r) => ws.once('open', r));
		ws.send(
			JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: TOKEN, device_id: 'after' } })
		);
		ws.send(
			JSON.stringify({ v: 1, type: 'message.send', id: 2, payload: { text: 'still here?' } })
		);
		await expect
			.poll(() => frames.some((f) => f.includes('"id":2') && f.includes('still here?')))
			.toBe(true);
		ws.close();
		expect(run.output()).not.toMatch(/unhandled|Uncaught|node:internal/i);
	}
);
