import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
	INDEX_HTML,
	SECRET,
	TestClient,
	httpGet,
	startTestGateway,
	type TestGateway
} from './gateway-helpers';

let t: TestGateway | undefined;

afterEach(async () => {
	await t?.stop();
	t = undefined;
});

/** The HTTP status a WebSocket upgrade at `url` is refused with. */
function refusedWith(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		const ws = new WebSocket(url);
		ws.on('unexpected-response', (_req, res) => {
			resolve(res.statusCode ?? 0);
			ws.terminate();
		});
		ws.on('open', () => reject(new Error('upgrade was accepted')));
		ws.on('error', () => undefined);
	});
}

describe('static files', () => {
	it('serves index.html for client routes, uncached', async () => {
		t = await startTestGateway();
		for (const route of ['/', '/pair', '/chat/x', '/chat/abc?x=1']) {
			const res = await httpGet(t.gw.port, route);
			expect(res.status).toBe(200);
			expect(res.body).toBe(INDEX_HTML);
			expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
			expect(res.headers['cache-control']).toBe('no-cache');
		}
	});

	it('caches /_app/immutable/ for a year and 404s missing app assets', async () => {
		t = await startTestGateway();
		const js = await httpGet(t.gw.port, '/_app/immutable/x.js');
		expect(js.status).toBe(200);
		expect(js.body).toBe('export const x = 1;');
		expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
		expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
		const version = await httpGet(t.gw.port, '/_app/version.json');
		expect(version.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(version.headers['cache-control']).toBe('no-cache');
		expect((await httpGet(t.gw.port, '/_app/immutable/missing.js')).status).toBe(404);
	});

	it('serves the service worker as uncached JavaScript, so a deploy is seen at once', async () => {
		t = await startTestGateway();
		const sw = await httpGet(t.gw.port, '/service-worker.js');
		expect(sw.status).toBe(200);
		expect(sw.body).toBe('self.skipWaiting;');
		expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
		expect(sw.headers['cache-control']).toBe('no-cache');
	});

	it('sets Content-Type by extension', async () => {
		t = await startTestGateway();
		const manifest = await httpGet(t.gw.port, '/manifest.webmanifest');
		expect(manifest.headers['content-type']).toBe('application/manifest+json');
		expect((await httpGet(t.gw.port, '/icon.png')).headers['content-type']).toBe('image/png');
	});

	it('never serves files outside the static dir', async () => {
		t = await startTestGateway();
		for (const raw of [
			'/../package.json',
			'/%2e%2e/package.json',
			'/..%2fpackage.json',
			'/_app/../../package.json',
			'/%2e%2e%5cpackage.json'
		]) {
			const res = await httpGet(t.gw.port, raw);
			expect(res.body, raw).not.toContain(SECRET);
		}
		expect((await httpGet(t.gw.port, '/../package.json')).status).toBe(404);
	});

	it('sends a share posted without the service worker to the share page; other POSTs are 405', async () => {
		t = await startTestGateway();
		const post = (path: string) =>
			fetch(`http://127.0.0.1:${t!.gw.port}${path}`, {
				method: 'POST',
				body: new URLSearchParams({ text: 'hello' }),
				redirect: 'manual'
			});
		const share = await post('/share');
		expect(share.status).toBe(303);
		expect(share.headers.get('location')).toBe('/share?unsaved=1');
		expect((await post('/chat/x')).status).toBe(405);
	});
});

describe('websocket endpoint', () => {
	it('accepts upgrades at /ws only', async () => {
		t = await startTestGateway();
		expect(await refusedWith(t.gw.httpUrl.replace('http', 'ws') + '/other')).toBe(404);
		const client = await TestClient.connect(t.gw.wsUrl);
		await client.close();
		expect(t.logs.filter((l) => l === '[gateway] connection opened')).toHaveLength(1);
	});

	it('refuses every upgrade when staticOnly, still serving the app', async () => {
		t = await startTestGateway({ staticOnly: true });
		expect(await refusedWith(t.gw.wsUrl)).toBe(503);
		expect((await httpGet(t.gw.port, '/pair')).body).toBe(INDEX_HTML);
		expect(t.logs.filter((l) => l.includes('connection opened'))).toHaveLength(0);
	});

	it('close() closes connected sockets with 1001 (going away)', async () => {
		t = await startTestGateway();
		const [client] = await TestClient.paired(t.gw.wsUrl);
		await client.request('message.send', { text: 'interrupted' });
		await t.stop();
		t = undefined;
		expect((await client.closed).code).toBe(1001);
		expect(client.invalid).toEqual([]);
	});
});
