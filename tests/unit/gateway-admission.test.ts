/**
 * Before `hello.ack` nothing is trusted: a connection must say hello in time and in few bytes,
 * there are only so many of them per address and in all, pages on foreign origins cannot
 * connect, and wrong tokens are rate-limited per address.
 */
import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Limits } from '../../gateway/limits/settings';
import { TOKEN, startTestGateway, type TestGateway } from './gateway-helpers';
import { upgradeRequest } from './support/raw-socket';

let t: TestGateway | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
	for (const ws of sockets.splice(0)) ws.terminate();
	await t?.stop();
	t = undefined;
});

async function gateway(limits: Partial<Limits> = {}, allowedOrigins?: string[]) {
	t = await startTestGateway({ limits, ...(allowedOrigins ? { allowedOrigins } : {}) });
	return t;
}

/** Open a WebSocket; resolves with it once open, or with the HTTP status it was refused with. */
function open(
	url: string,
	opts: { origin?: string; from?: string } = {}
): Promise<WebSocket | number> {
	const ws = new WebSocket(url, {
		...(opts.origin ? { origin: opts.origin } : {}),
		...(opts.from ? { localAddress: opts.from } : {})
	});
	sockets.push(ws);
	return new Promise((resolve) => {
		ws.on('error', () => {});
		ws.once('open', () => resolve(ws));
		ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
	});
}

const closed = (ws: WebSocket) =>
	new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

function hello(ws: WebSocket, token = TOKEN): void {
	ws.send(JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token, device_id: 'd' } }));
}

it('closes a connection that sends no hello within the hello timeout (4002)', async () => {
	const g = await gateway({ helloTimeoutMs: 50 });
	const ws = (await open(g.gw.wsUrl)) as WebSocket;
	expect(await closed(ws)).toBe(4002);
});

it('cuts a connection that sends more than 64 KiB before hello (an unfinished 15 MiB frame)', async () => {
	const g = await gateway();
	const socket = connect(g.gw.port, '127.0.0.1');
	socket.on('error', () => {});
	const ended = new Promise<string>((resolve) => {
		let head = '';
		socket.on('data', (d: Buffer) => (head += d.toString('latin1')));
		socket.once('close', () => resolve(head));
	});
	socket.write(upgradeRequest(g.gw.port, '/ws'));
	// A masked text frame announcing 15 MiB, then 256 KiB of it.
	const header = Buffer.alloc(14);
	header[0] = 0x81;
	header[1] = 0x80 | 127;
	header.writeBigUInt64BE(15n * 1024n * 1024n, 2);
	socket.write(Buffer.concat([header, Buffer.alloc(256 * 1024, 0x61)]));
	expect(await ended).toMatch(/^HTTP\/1\.1 101/);
	expect(g.logs.some((l) => /connection cut: \d+ bytes before hello/.test(l))).toBe(true);
});

it('caps connections without hello per address and in all', async () => {
	const g = await gateway({ preauthPerAddress: 2, preauthTotal: 3 });
	const a1 = (await open(g.gw.wsUrl, { from: '127.0.0.1' })) as WebSocket;
	await open(g.gw.wsUrl, { from: '127.0.0.1' });
	expect(await open(g.gw.wsUrl, { from: '127.0.0.1' })).toBe(503);
	expect(await open(g.gw.wsUrl, { from: '127.0.0.2' })).toBeInstanceOf(WebSocket);
	expect(await open(g.gw.wsUrl, { from: '127.0.0.3' })).toBe(503);
	// Once one of them has said hello, its place is free again.
	const acked = new Promise((resolve) => a1.once('message', resolve));
	hello(a1);
	await acked;
	expect(await open(g.gw.wsUrl, { from: '127.0.0.1' })).toBeInstanceOf(WebSocket);
});

it('accepts upgrades from its own origin and IRIS_ALLOWED_ORIGINS only', async () => {
	const g = await gateway({}, ['https://iris.example.com']);
	const port = g.gw.port;
	expect(await open(g.gw.wsUrl, { origin: `http://127.0.0.1:${port}` })).toBeInstanceOf(WebSocket);
	expect(await open(g.gw.wsUrl, { origin: `http://localhost:${port}` })).toBeInstanceOf(WebSocket);
	expect(await open(g.gw.wsUrl, { origin: 'https://iris.example.com' })).toBeInstanceOf(WebSocket);
	expect(await open(g.gw.wsUrl)).toBeInstanceOf(WebSocket);
	for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
		expect(await open(g.gw.wsUrl, { origin })).toBe(403);
		expect(await open(`${g.gw.v3WsUrl}?token=${encodeURIComponent(TOKEN)}`, { origin })).toBe(403);
	}
});

it('rate-limits failed authentications per address, Iris and v3 alike', async () => {
	const g = await gateway({ authFailures: { burst: 3, perSecond: 0.001 } });
	for (let i = 0; i < 2; i++) {
		const ws = (await open(g.gw.wsUrl)) as WebSocket;
		hello(ws, 'guess');
		expect(await closed(ws)).toBe(4001);
	}
	expect(await open(`${g.gw.v3WsUrl}?token=guess`)).toBe(401);
	expect(await open(g.gw.wsUrl)).toBe(429);
	expect(await open(`${g.gw.v3WsUrl}?token=${encodeURIComponent(TOKEN)}`)).toBe(429);
	const media = await fetch(`${g.gw.httpUrl}/ws/app?token=${encodeURIComponent(TOKEN)}`);
	expect(media.status).toBe(429);
	// Another address is not affected.
	const other = (await open(g.gw.wsUrl, { from: '127.0.0.2' })) as WebSocket;
	const acked = new Promise<string>((resolve) => other.once('message', (d) => resolve(String(d))));
	hello(other);
	expect(await acked).toContain('"hello.ack"');
});

it('GET /ws/app answers CORS for allowed pages only, never *', async () => {
	const g = await gateway({}, ['https://iris.example.com']);
	const q = `?token=${encodeURIComponent(TOKEN)}`;
	const plain = await fetch(`${g.gw.httpUrl}/ws/app${q}`);
	expect(plain.status).toBe(426);
	expect(plain.headers.get('access-control-allow-origin')).toBeNull();
	const allowed = await fetch(`${g.gw.httpUrl}/ws/app${q}`, {
		headers: { origin: 'https://iris.example.com' }
	});
	expect(allowed.headers.get('access-control-allow-origin')).toBe('https://iris.example.com');
	const foreign = await fetch(`${g.gw.httpUrl}/ws/app${q}`, {
		headers: { origin: 'http://evil.example' }
	});
	expect(foreign.status).toBe(403);
	expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
});
