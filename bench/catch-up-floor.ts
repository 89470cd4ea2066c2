/**
 * The floor of the reconnect catch-up (bench/README.md "Reconnect catch-up"): the replay's frames,
 * exactly as the gateway stores them, sent by a plain `ws` server to a dedicated worker that only
 * parses each one (`JSON.parse`, the least any client does) — what Chromium's WebSocket costs to
 * deliver that many messages to a worker on this machine, with no store, no page and no protocol.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from '@playwright/test';
import { WebSocketServer } from 'ws';

/**
 * The text frames a `sync` from the `before` state's cursor replays from the `after` state (the
 * gateways' data directories), in order, then a `sync.done`.
 */
export function replayFrames(beforeDir: string, afterDir: string): string[] {
	const read = <T>(dir: string, sql: string, ...args: unknown[]): T[] => {
		const db = new Database(join(dir, 'iris.db'), { readonly: true, fileMustExist: true });
		try {
			return db.prepare(sql).all(...args) as T[];
		} finally {
			db.close();
		}
	};
	const cursor =
		read<{ cursor: number }>(
			beforeDir,
			'SELECT coalesce(max(position), 0) AS cursor FROM events'
		)[0]?.cursor ?? 0;
	const rows = read<{ position: number; frame: string }>(
		afterDir,
		'SELECT position, frame FROM events WHERE position > ? ORDER BY position',
		cursor
	);
	const latest = rows.at(-1)?.position ?? cursor;
	const done = JSON.stringify({ v: 1, type: 'sync.done', id: 2, payload: { cursor: latest } });
	return [...rows.map((r) => r.frame), done];
}

/** The worker: connects, asks for the frames, parses each, reports ms from the ask to the last. */
const WORKER = `
const ws = new WebSocket(new URL('/ws', self.origin.replace('http', 'ws')));
let n = 0, t0 = 0;
ws.onopen = () => { t0 = performance.now(); ws.send('go'); };
ws.onmessage = (ev) => {
	JSON.parse(ev.data);
	if (++n === EXPECTED) { postMessage(performance.now() - t0); ws.close(); }
};
ws.onclose = () => { if (n < EXPECTED) postMessage('closed after ' + n + ' of EXPECTED frames'); };`;

/**
 * Deliver `frames` `reps` times, each to a fresh worker in one page of `browser`; resolves with
 * the ms from the worker's request to its last frame parsed, per repetition. Rejects if the
 * socket closes before every frame arrived, or the worker fails.
 */
export async function deliveryFloor(
	browser: Browser,
	frames: string[],
	reps: number
): Promise<number[]> {
	const worker = WORKER.replaceAll('EXPECTED', String(frames.length));
	const server = createServer((req, res) => {
		if (req.url === '/worker.js') {
			res.setHeader('content-type', 'text/javascript');
			res.end(worker);
		} else {
			res.setHeader('content-type', 'text/html');
			res.end('<!doctype html><title>floor</title>');
		}
	});
	const wss = new WebSocketServer({ server, path: '/ws' });
	wss.on('connection', (ws) => ws.once('message', () => frames.forEach((f) => ws.send(f))));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const context = await browser.newContext();
	try {
		const page = await context.newPage();
		await page.goto(`http://127.0.0.1:${port}/`);
		const runs: number[] = [];
		for (let rep = 0; rep < reps; rep++) {
			runs.push(
				await page.evaluate(
					() =>
						new Promise<number>((resolve, reject) => {
							const w = new Worker('/worker.js');
							w.onmessage = (e: MessageEvent<number | string>) => {
								w.terminate();
								if (typeof e.data === 'number') resolve(e.data);
								else reject(new Error(`delivery floor: ${e.data}`));
							};
							w.onerror = (e) => reject(new Error(e.message));
						})
				)
			);
		}
		return runs;
	} finally {
		await context.close();
		wss.close();
		server.close();
	}
}
