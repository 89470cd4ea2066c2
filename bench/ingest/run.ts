/**
 * `npx tsx bench/ingest/run.ts` — scenario I (bench/README.md "Ingest"): how many
 * `message.update` frames per second the connection worker ingests (decode, validate, apply), in
 * a dedicated worker of the system Chromium, on a real IndexedDB:
 *
 * - flood: 100,000 updates of one message with short texts (the bad-input end-to-end test's load);
 * - stream: 2,000 updates of one answer growing to 20,000 characters (each carries the full text);
 * - delivery: for comparison, how fast the browser hands 100,000 WebSocket text frames from a
 *   local server to a worker that does nothing with them (the ceiling of any client).
 *
 * Measures only; never fails on a figure. `BENCH_REPS` repetitions (default 5), medians printed
 * and written to bench/ingest/results.json.
 */
import type { Server } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { bundleHarness, openHarness, serveHarness } from '../harness';
import { median } from '../support';

const here = fileURLToPath(new URL('.', import.meta.url));
const REPS = Number(process.env.BENCH_REPS ?? 5);
const FLOOD = 100_000;
const STREAM = 2_000;
const log = (line: string) => console.log(`[bench:ingest] ${line}`);

/** On `/ws?count=N`, a socket that sends N update frames at once (the delivery figure). */
function floodSockets(server: Server): () => void {
	const wss = new WebSocketServer({ server, path: '/ws' });
	wss.on('connection', (socket, req) => {
		const count = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('count'));
		for (let i = 0; i < count; i++) {
			socket.send(
				`{"v":1,"type":"message.update","payload":{"message_id":"m","text":"update ${i}"}}`
			);
		}
	});
	return () => wss.close();
}

async function main(): Promise<void> {
	log('bundling…');
	await bundleHarness(here);
	const server = await serveHarness(here, floodSockets);
	const { browser, page } = await openHarness(server.url, log);
	try {
		const call = <T>(cmd: string, args: Record<string, unknown>) =>
			page.evaluate(
				({ cmd, args }) =>
					(
						globalThis as unknown as {
							bench: { call: <R>(c: string, a: Record<string, unknown>) => Promise<R> };
						}
					).bench.call<T>(cmd, args),
				{ cmd, args }
			);
		const runs = {
			flood: [] as number[],
			floodStored: [] as number[],
			stream: [] as number[],
			delivery: [] as number[]
		};
		for (let rep = 0; rep < REPS; rep++) {
			const flood = await call<{ ingestMs: number; storedMs: number }>('ingest', {
				kind: 'flood',
				count: FLOOD
			});
			const stream = await call<{ ingestMs: number }>('ingest', { kind: 'stream', count: STREAM });
			const wsUrl = `${server.url.replace('http', 'ws')}ws?count=${FLOOD}`;
			const delivery = await call<{ ms: number }>('delivery', { url: wsUrl, count: FLOOD });
			runs.flood.push(FLOOD / (flood.ingestMs / 1000));
			runs.floodStored.push(flood.storedMs);
			runs.stream.push(STREAM / (stream.ingestMs / 1000));
			runs.delivery.push(FLOOD / (delivery.ms / 1000));
			log(
				`rep ${rep + 1}: flood ${Math.round(runs.flood.at(-1)!)} frames/s (stop stored after ${Math.round(flood.storedMs)} ms), ` +
					`stream ${Math.round(runs.stream.at(-1)!)} frames/s, WebSocket delivery ${Math.round(runs.delivery.at(-1)!)} frames/s`
			);
		}
		const result = {
			reps: REPS,
			floodFramesPerSecond: median(runs.flood),
			floodStoredMs: median(runs.floodStored),
			streamFramesPerSecond: median(runs.stream),
			deliveryFramesPerSecond: median(runs.delivery),
			runs
		};
		const fmt = (n: number) => Math.round(n).toLocaleString('en');
		log(
			`I worker ingest, flood of ${fmt(FLOOD)} message.update: ${fmt(result.floodFramesPerSecond)} frames/s [≥ 20,000]`
		);
		log(
			`I worker ingest, one 20 kB answer in ${fmt(STREAM)} updates: ${fmt(result.streamFramesPerSecond)} frames/s`
		);
		log(
			`I browser WebSocket delivery to a worker (no handling): ${fmt(result.deliveryFramesPerSecond)} frames/s`
		);
		await writeFile(`${here}results.json`, JSON.stringify(result, null, '\t'));
	} finally {
		await browser.close();
		server.close();
	}
}

main().catch((e: unknown) => {
	console.error(e);
	process.exit(1);
});
