/**
 * Test helpers for the gateway's Hermes Chat v3 side: a `ws` client on `/ws/app?token=` that
 * checks every frame it receives with the app's own v3 codec, message builders, and a multipart
 * upload through `fetch`.
 */
import { WebSocket } from 'ws';
import {
	decodeV3ServerFrame,
	newV3Id,
	type V3Frame,
	type V3UploadResult
} from '../../src/lib/protocol/hermes-v3';
import { TOKEN } from './gateway-helpers';
import { FrameWaiter } from './support/frame-waiter';

/** The user the tests send as (the spec examples' `admin`). */
export const USER = 'admin';

/** A v3 message from the app: `v3Message('text', { text: 'hi' })`, fresh `id`, session `s1`. */
export function v3Message(
	type: string,
	data: Record<string, unknown> | undefined,
	extra: Record<string, unknown> = {}
): Record<string, unknown> {
	return {
		id: newV3Id(),
		type,
		from: USER,
		to: 'hermes',
		session: 's1',
		ts: Math.floor(Date.now() / 1000),
		...(data === undefined ? {} : { data }),
		...extra
	};
}

/** A `ws` client of `/ws/app` recording every frame (validated with `decodeV3ServerFrame`). */
export class V3Client {
	readonly ws: WebSocket;
	readonly frames: V3Frame[] = [];
	/** Frames that failed `decodeV3ServerFrame` (must stay empty). */
	readonly invalid: string[] = [];
	readonly closed: Promise<number>;
	readonly #waiter = new FrameWaiter(this.frames, () => this.types());

	private constructor(ws: WebSocket) {
		this.ws = ws;
		this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
		ws.on('message', (data, isBinary) => {
			const decoded = decodeV3ServerFrame(isBinary ? '' : String(data));
			if (decoded.ok) this.frames.push(decoded.frame);
			else this.invalid.push(isBinary ? 'binary frame' : decoded.error.message);
			this.#waiter.wake();
		});
	}

	/** Connect to `<wsBase>/ws/app?token=…`; rejects with the HTTP status if the upgrade is refused. */
	static connect(v3WsUrl: string, token = TOKEN): Promise<V3Client> {
		const ws = new WebSocket(`${v3WsUrl}?token=${encodeURIComponent(token)}`);
		return new Promise((resolve, reject) => {
			ws.once('open', () => resolve(new V3Client(ws)));
			ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
			ws.once('error', reject);
		});
	}

	/** Send a frame object (or raw text) as one text frame. */
	send(frame: Record<string, unknown> | string): void {
		this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
	}

	/** The first frame at index ≥ `from` matching `pred`, waiting for it if needed. */
	waitFor(pred: (f: V3Frame) => boolean, from = 0, what = 'frame'): Promise<V3Frame> {
		return this.#waiter.waitFor(pred, from, what);
	}

	/** Send a `ping` and wait for its `pong`: everything the gateway sent before it has arrived. */
	async roundTrip(): Promise<void> {
		const from = this.frames.length;
		this.send({ type: 'ping' });
		await this.waitFor((f) => f.type === 'pong', from, 'pong');
	}

	/** Waits for the `stream_end` of a reply; returns the frames from `from` up to and with it. */
	async streamed(from = 0): Promise<V3Frame[]> {
		const end = await this.waitFor((f) => f.type === 'stream_end', from, 'stream_end');
		return this.frames.slice(from, this.frames.indexOf(end) + 1);
	}

	types(): string[] {
		return this.frames.map((f) => f.type);
	}

	async close(): Promise<void> {
		if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
		await this.closed;
	}
}

/** The appended text of the `stream` frames in `frames`. */
export function streamedText(frames: readonly V3Frame[]): string {
	return frames.map((f) => (f.type === 'stream' ? f.data.text : '')).join('');
}

/** `POST /api/media/upload` with one file part; the status and the parsed JSON body. */
export async function upload(
	httpUrl: string,
	file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
	auth: { token?: string; bearer?: string } = { token: TOKEN }
): Promise<{ status: number; body: V3UploadResult & { code?: string; text?: string } }> {
	const form = new FormData();
	form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
	const query = auth.token === undefined ? '' : `?token=${encodeURIComponent(auth.token)}`;
	const headers: Record<string, string> = auth.bearer
		? { authorization: `Bearer ${auth.bearer}` }
		: {};
	const res = await fetch(`${httpUrl}/api/media/upload${query}`, {
		method: 'POST',
		body: form,
		headers
	});
	return { status: res.status, body: await res.json() };
}
