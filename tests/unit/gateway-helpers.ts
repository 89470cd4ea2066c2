/**
 * Test helpers for the reference gateway: a temp static dir, a gateway on a free port, and a
 * `ws` client that validates every frame it receives with the client's own codec.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/server';
import { decodeServerFrame, type ServerFrame } from '../../src/lib/protocol/iris';
import { FrameWaiter } from './support/frame-waiter';

export const TOKEN = 'test-token/+=';
/** The token as request headers (the test hooks and v3 HTTP endpoints take it so). */
export const BEARER = { authorization: `Bearer ${TOKEN}` };
export const INDEX_HTML = '<!doctype html><title>Iris test index</title>';
/** Lives next to (not inside) the static dir; must never be served. */
export const SECRET = 'secret outside the static dir';

/** A temp dir `<tmp>/build` with index.html and a few assets, and `<tmp>/package.json`. */
export async function makeStaticDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
	const base = await mkdtemp(path.join(tmpdir(), 'iris-gateway-'));
	const dir = path.join(base, 'build');
	await mkdir(path.join(dir, '_app', 'immutable'), { recursive: true });
	await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
	await writeFile(path.join(dir, '_app', 'immutable', 'x.js'), 'export const x = 1;');
	await writeFile(path.join(dir, '_app', 'version.json'), '{"version":"1"}');
	await writeFile(path.join(dir, 'manifest.webmanifest'), '{}');
	await writeFile(path.join(dir, 'service-worker.js'), 'self.skipWaiting;');
	await writeFile(path.join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
	await writeFile(path.join(base, 'package.json'), SECRET);
	return { dir, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** A gateway on 127.0.0.1, a free port and a fresh static dir; `logs` collects its log lines. */
export interface TestGateway {
	gw: RunningGateway;
	logs: string[];
	stop: () => Promise<void>;
}

export async function startTestGateway(extra: Partial<GatewayOptions> = {}): Promise<TestGateway> {
	const { dir, cleanup } = await makeStaticDir();
	const logs: string[] = [];
	const gw = await startGateway({
		host: '127.0.0.1',
		port: 0,
		token: TOKEN,
		staticDir: dir,
		demoStepMs: 1,
		log: (line) => logs.push(line),
		...extra
	});
	return {
		gw,
		logs,
		stop: async () => {
			await gw.close();
			await cleanup();
		}
	};
}

/** GET a raw path (sent as is, no URL normalisation). */
export function httpGet(
	port: number,
	rawPath: string
): Promise<{
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}> {
	return new Promise((resolve, reject) => {
		const req = request({ host: '127.0.0.1', port, path: rawPath }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					body: Buffer.concat(chunks).toString('utf8')
				})
			);
		});
		req.on('error', reject);
		req.end();
	});
}

/** POST a raw path with the test token (the test hooks' `/__test/…`); `body` as is. */
export function post(
	port: number,
	rawPath: string,
	body = ''
): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const headers = { authorization: `Bearer ${TOKEN}` };
		const req = request(
			{ host: '127.0.0.1', port, path: rawPath, method: 'POST', headers },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') })
				);
			}
		);
		req.on('error', reject);
		req.end(body);
	});
}

type Predicate = (f: ServerFrame) => boolean;

/** A `ws` client that records every frame, validated with `decodeServerFrame`. */
export class TestClient {
	readonly ws: WebSocket;
	/** Every decoded frame received, in order. */
	readonly frames: ServerFrame[] = [];
	/** Frames that failed `decodeServerFrame` (must stay empty). */
	readonly invalid: string[] = [];
	readonly closed: Promise<{ code: number; reason: string }>;
	#nextId = 1;
	readonly #waiter = new FrameWaiter(this.frames, () => this.types());

	private constructor(ws: WebSocket) {
		this.ws = ws;
		this.closed = new Promise((resolve) =>
			ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
		);
		ws.on('message', (data, isBinary) => {
			const text = isBinary ? '' : String(data);
			const decoded = decodeServerFrame(text);
			if (decoded.ok) this.frames.push(decoded.frame);
			else this.invalid.push(isBinary ? 'binary frame' : `${decoded.error.message}: ${text}`);
			this.#waiter.wake();
		});
	}

	/** Open a connection to `url`. */
	static async connect(url: string): Promise<TestClient> {
		const ws = new WebSocket(url);
		await new Promise<void>((resolve, reject) => {
			ws.once('open', () => resolve());
			ws.once('error', reject);
		});
		return new TestClient(ws);
	}

	/** Connect and complete the handshake; resolves with the `hello.ack`. */
	static async paired(url: string, device = 'dev-1'): Promise<[TestClient, ServerFrame]> {
		const client = await TestClient.connect(url);
		const ack = await client.request('hello', { token: TOKEN, device_id: device });
		return [client, ack];
	}

	/** Send a raw text (or binary) frame. */
	sendRaw(data: string | Buffer): void {
		this.ws.send(data);
	}

	/** Send a frame with the next request id; resolves with the first frame carrying that id. */
	async request(
		type: string,
		payload: Record<string, unknown>,
		extra: Record<string, unknown> = {}
	): Promise<ServerFrame> {
		const id = this.#nextId++;
		this.ws.send(JSON.stringify({ v: 1, type, id, ...extra, payload }));
		return this.waitFor((f) => f.id === id, 0, `reply to ${type} #${id}`);
	}

	/** The first frame at index ≥ `from` matching `pred`, waiting for it if needed. */
	waitFor(pred: Predicate, from = 0, what = 'frame'): Promise<ServerFrame> {
		return this.#waiter.waitFor(pred, from, what);
	}

	/** Index of `f` in `frames` (for "after this frame" waits). */
	indexOf(f: ServerFrame): number {
		return this.frames.indexOf(f);
	}

	/** The types of all frames received so far. */
	types(): string[] {
		return this.frames.map((f) => f.type);
	}

	/** Close the socket and wait for the close to complete. */
	async close(): Promise<void> {
		this.ws.close();
		await this.closed;
	}
}
