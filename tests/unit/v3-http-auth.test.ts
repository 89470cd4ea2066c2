import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadMedia, uploadMedia } from '../../src/lib/connection/v3/http';
import { SessionOrder } from '../../src/lib/connection/v3/order';
import { V3Socket } from '../../src/lib/connection/v3/socket';
import type { SocketLike } from '../../src/lib/connection/link';
import { IrisDB } from '../../src/lib/db/schema';

const BASE = 'http://gw.test:8787';
const TOKEN = 'secret-token';

/** What one fake XMLHttpRequest was asked to do. */
interface Sent {
	method: string;
	url: string;
	headers: Record<string, string>;
}

function fakeXhr(sent: Sent[]): typeof XMLHttpRequest {
	return class {
		status = 200;
		responseText = JSON.stringify({
			media_id: 'med_1',
			name: 'a.txt',
			type: 'text/plain',
			size: 1
		});
		upload = { onprogress: null };
		onload: (() => void) | null = null;
		onerror: (() => void) | null = null;
		#req: Sent = { method: '', url: '', headers: {} };
		open(method: string, url: string) {
			this.#req = { method, url, headers: {} };
		}
		setRequestHeader(name: string, value: string) {
			this.#req.headers[name.toLowerCase()] = value;
		}
		send() {
			sent.push(this.#req);
			queueMicrotask(() => this.onload?.());
		}
	} as unknown as typeof XMLHttpRequest;
}

afterEach(() => vi.unstubAllGlobals());

describe('v3 HTTP requests carry the token in a header, never in the URL', () => {
	it('upload: POST /api/media/upload with Authorization: Bearer', async () => {
		const sent: Sent[] = [];
		vi.stubGlobal('XMLHttpRequest', fakeXhr(sent));
		await uploadMedia(BASE, TOKEN, { blob: new Blob(['x']), filename: 'a.txt' });
		expect(sent).toHaveLength(1);
		expect(sent[0]!.url).toBe(`${BASE}/api/media/upload`);
		expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
	});

	it('download: GET /media/{id} with Authorization: Bearer', async () => {
		const calls: { url: string; init: RequestInit | undefined }[] = [];
		const fetchImpl = (async (url: string, init?: RequestInit) => {
			calls.push({ url, init });
			return new Response('bytes');
		}) as typeof fetch;
		const chunks: ArrayBuffer[] = [];
		await downloadMedia(BASE, TOKEN, 'med 1', (c) => chunks.push(c), fetchImpl);
		expect(calls).toHaveLength(1);
		expect(calls[0]!.url).toBe(`${BASE}/media/med%201`);
		expect(calls[0]!.url).not.toContain(TOKEN);
		expect(new Headers(calls[0]!.init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
		expect(chunks.reduce((n, c) => n + c.byteLength, 0)).toBe(5);
	});

	it('the token check after a refused upgrade: GET /ws/app with the header; only the socket URL has ?token=', async () => {
		const opened: string[] = [];
		const checks: { url: string; init: RequestInit | undefined }[] = [];
		const db = new IrisDB(`v3-http-auth-${Date.now()}`);
		const socket = new V3Socket('ws://gw.test:8787/ws/app', {
			db,
			createWebSocket: (url) => {
				opened.push(url);
				const real = { readyState: 0, bufferedAmount: 0 } as unknown as SocketLike;
				// Refused before it opened (what a browser shows for a 401 upgrade).
				queueMicrotask(() => real.onclose?.({ code: 1006 } as CloseEvent));
				return real;
			},
			state: { streams: new Map(), order: new SessionOrder() },
			randomUUID: () => crypto.randomUUID(),
			now: () => 0,
			report: () => {},
			fetch: (async (url: string, init?: RequestInit) => {
				checks.push({ url, init });
				return new Response('', { status: 401 });
			}) as typeof fetch
		});
		const closed = new Promise<CloseEvent>((resolve) => (socket.onclose = resolve));
		socket.onopen = () =>
			socket.send(JSON.stringify({ v: 1, type: 'hello', id: 1, payload: { token: TOKEN } }));
		expect((await closed).code).toBe(4001);
		expect(opened).toEqual([`ws://gw.test:8787/ws/app?token=${TOKEN}`]);
		expect(checks).toHaveLength(1);
		expect(checks[0]!.url).toBe('http://gw.test:8787/ws/app');
		expect(new Headers(checks[0]!.init?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
		await db.delete();
	});
});
