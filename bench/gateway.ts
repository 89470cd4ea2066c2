/**
 * Bench scenario G: the gateway's acknowledgement path on its two stores, in the same run.
 *
 *   npx tsx bench/gateway.ts [messages=1000] [devices=10] [reps=3]
 *
 * A real gateway (in process, 127.0.0.1, free port) on SQLite in a temp data directory, and one on
 * the in-memory store; 10 devices pair, then each sends its share of 1,000 `message.send`s one
 * after the other (a new one as soon as the previous is acked: 10 in flight), each acked only
 * after its commit and copied to the 9 other devices. Reports acks per second (wall time of the
 * 1,000) and the p50 / p99 latency from writing a send to reading its ack. One warm-up run of
 * each store is not counted (JIT, schema compilation); repetitions alternate the stores; figures
 * are medians, the ratio the median of per-repetition ratios. The demo agent's turns are kept from running (a 60 s step):
 * this measures the store and the ack, not the demo agent.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startGateway } from '../gateway/server';
import { MemoryStore } from '../gateway/storage/memory';
import { openSqliteStore } from '../gateway/storage/sqlite/open';

const [MESSAGES = 1000, DEVICES = 10, REPS = 5] = process.argv.slice(2).map(Number);
const TOKEN = 'bench-token';

interface Run {
	acksPerSecond: number;
	p50: number;
	p99: number;
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function median(values: number[]): number {
	const s = [...values].sort((a, b) => a - b);
	return s[Math.floor(s.length / 2)] ?? NaN;
}

/** One device: pairs, then sends `count` messages, each after the previous one's ack. */
async function device(url: string, name: string, count: number, latencies: number[]) {
	const ws = new WebSocket(url);
	await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
	const waiting = new Map<number, () => void>();
	ws.on('message', (data) => {
		const f = JSON.parse(String(data)) as { id?: number };
		if (f.id !== undefined) waiting.get(f.id)?.();
	});
	const request = (id: number, type: string, payload: object) =>
		new Promise<void>((resolve) => {
			waiting.set(id, resolve);
			ws.send(JSON.stringify({ v: 1, type, id, payload }));
		});
	await request(1, 'hello', { token: TOKEN, device_id: name });
	return {
		send: async () => {
			for (let i = 0; i < count; i++) {
				const started = performance.now();
				await request(i + 2, 'message.send', {
					text: `${name} ${i}`,
					client_msg_id: `${name}-${i}`
				});
				latencies.push(performance.now() - started);
			}
		},
		close: () => ws.close()
	};
}

async function run(kind: 'sqlite' | 'memory'): Promise<Run> {
	const base = await mkdtemp(path.join(tmpdir(), 'iris-bench-gateway-'));
	await writeFile(path.join(base, 'index.html'), '<!doctype html>');
	const store = kind === 'sqlite' ? openSqliteStore(path.join(base, 'data')) : new MemoryStore();
	const gateway = await startGateway({
		host: '127.0.0.1',
		port: 0,
		token: TOKEN,
		staticDir: base,
		demoStepMs: 60_000,
		store,
		log: () => {}
	});
	const latencies: number[] = [];
	const per = Math.ceil(MESSAGES / DEVICES);
	const devices = await Promise.all(
		Array.from({ length: DEVICES }, (_, i) => device(gateway.wsUrl, `d${i}`, per, latencies))
	);
	const started = performance.now();
	await Promise.all(devices.map((d) => d.send()));
	const seconds = (performance.now() - started) / 1000;
	for (const d of devices) d.close();
	await gateway.close();
	await rm(base, { recursive: true, force: true });
	latencies.sort((a, b) => a - b);
	return {
		acksPerSecond: latencies.length / seconds,
		p50: percentile(latencies, 50),
		p99: percentile(latencies, 99)
	};
}

const runs: Record<'sqlite' | 'memory', Run[]> = { sqlite: [], memory: [] };
await run('memory');
await run('sqlite');
for (let rep = 0; rep < REPS; rep++) {
	// Alternate which store goes first, so a warming or loaded machine favours neither.
	const order = rep % 2 === 0 ? (['memory', 'sqlite'] as const) : (['sqlite', 'memory'] as const);
	for (const kind of order) runs[kind].push(await run(kind));
}
const fig = (kind: 'sqlite' | 'memory') => ({
	acksPerSecond: median(runs[kind].map((r) => r.acksPerSecond)),
	p50: median(runs[kind].map((r) => r.p50)),
	p99: median(runs[kind].map((r) => r.p99))
});
const sqlite = fig('sqlite');
const memory = fig('memory');
const ratio = median(runs.sqlite.map((r, i) => r.acksPerSecond / runs.memory[i]!.acksPerSecond));
const f0 = (n: number) => Math.round(n).toLocaleString('en');
const f1 = (n: number) => n.toFixed(1);
const mark = (ok: boolean) => (ok ? '✅' : '❌');
console.log(
	`[bench] G gateway ${MESSAGES} message.send from ${DEVICES} devices (median of ${REPS}): ` +
		`memory ${f0(memory.acksPerSecond)} acks/s p50 ${f1(memory.p50)} ms p99 ${f1(memory.p99)} ms; ` +
		`SQLite ${f0(sqlite.acksPerSecond)} acks/s p50 ${f1(sqlite.p50)} ms p99 ${f1(sqlite.p99)} ms`
);
console.log(
	`[bench] G SQLite/memory throughput ${ratio.toFixed(2)} [≥ 0.5] ${mark(ratio >= 0.5)}; ` +
		`SQLite p99 ack ${f1(sqlite.p99)} ms [≤ 20 ms] ${mark(sqlite.p99 <= 20)}`
);
console.log(`[bench] G runs ${JSON.stringify(runs)}`);
