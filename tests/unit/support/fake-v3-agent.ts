/**
 * A fake Hermes Chat v3 agent for tests: a `ws` client of `/ws/agent?api_key=` that records every
 * frame the gateway sends it (decoded with the v3 codec in the app → agent direction) and sends
 * frames as the spec's agent would (`from: "hermes"`, whole-second `ts`).
 */
import { WebSocket } from 'ws';
import {
	decodeV3Frame,
	msToV3Ts,
	newV3Id,
	V3_AGENT_ID,
	type V3Frame
} from '../../../src/lib/protocol/hermes-v3';
import { FrameWaiter } from './frame-waiter';

/** An agent connection; `closed` resolves with the close code and reason. */
export class FakeV3Agent {
	readonly ws: WebSocket;
	readonly frames: V3Frame[] = [];
	/** Frames that failed to decode (must stay empty). */
	readonly invalid: string[] = [];
	readonly closed: Promise<{ code: number; reason: string }>;
	readonly #waiter = new FrameWaiter(this.frames, () => this.frames.map((f) => f.type));

	private constructor(ws: WebSocket) {
		this.ws = ws;
		this.closed = new Promise((resolve) =>
			ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
		);
		ws.on('message', (data, isBinary) => {
			const decoded = decodeV3Frame(isBinary ? '' : String(data), 'app_to_server');
			if (decoded.ok) this.frames.push(decoded.frame);
			else this.invalid.push(decoded.error.message);
			this.#waiter.wake();
		});
	}

	/** Open `<agentWsUrl>?api_key=<key>` (the socket opens even when the key is then refused). */
	static connect(agentWsUrl: string, key: string): Promise<FakeV3Agent> {
		const ws = new WebSocket(`${agentWsUrl}?api_key=${encodeURIComponent(key)}`);
		const agent = new FakeV3Agent(ws);
		return new Promise((resolve, reject) => {
			ws.once('open', () => resolve(agent));
			ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
			ws.once('error', reject);
		});
	}

	/** Send a frame object or raw text. */
	send(frame: Record<string, unknown> | string): void {
		this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
	}

	/** The first frame at index ≥ `from` matching `pred`, waiting for it if needed. */
	waitFor(pred: (f: V3Frame) => boolean, from = 0, what = 'frame'): Promise<V3Frame> {
		return this.#waiter.waitFor(pred, from, what);
	}

	/** Send a `ping` and wait for its `pong`: the gateway has handled everything sent before. */
	async roundTrip(): Promise<void> {
		const from = this.frames.length;
		this.send({ type: 'ping' });
		await this.waitFor((f) => f.type === 'pong', from, 'pong');
	}

	/** The envelope of an answer to `to`'s message `replyTo` in `session`. */
	static answer(to: string, session: string, replyTo: string): Record<string, unknown> {
		return {
			id: newV3Id(),
			from: V3_AGENT_ID,
			to,
			session,
			reply_to: replyTo,
			ts: msToV3Ts(Date.now())
		};
	}

	/** Answer `asked` with a stream of `parts`: `stream_start`, one `stream` each, `stream_end`. */
	stream(asked: V3Frame & { from: string; session: string; id: string }, parts: string[]): void {
		const route = { from: V3_AGENT_ID, to: asked.from, session: asked.session };
		this.send({ ...FakeV3Agent.answer(asked.from, asked.session, asked.id), type: 'stream_start' });
		for (const text of parts) this.send({ ...route, type: 'stream', data: { text } });
		this.send({ ...route, type: 'stream_end' });
	}

	async close(): Promise<void> {
		if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
		await this.closed;
	}
}
