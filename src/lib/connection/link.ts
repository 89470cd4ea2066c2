/**
 * One WebSocket to an Iris gateway, from `hello` to close (doc/protocol.md "Transport and
 * handshake"): sends `hello` first and nothing else until `hello.ack`; decodes every text frame
 * (malformed ones are reported and skipped, never thrown); settles requests by id; keeps a
 * heartbeat. Reconnecting is the manager's job, not the link's.
 */
import { decodeServerFrame, encodeAppFrame, type ProtocolError } from '../protocol/iris/codec';
import type { AppFrame, AppPayloads, ServerFrame, ServerFrameOf } from '../protocol/iris/frames';
import type { Clock } from '../platform/clock';
import { Heartbeat } from './heartbeat';
import type { InboundEvent } from './inbound';
import { PendingRequests } from './requests';

/** The part of the standard `WebSocket` the link uses (a fake one in tests). */
export interface SocketLike {
	readonly readyState: number;
	/** Bytes queued by `send` and not yet on the network (absent in some fakes: 0). */
	readonly bufferedAmount?: number;
	binaryType: BinaryType;
	onopen: ((ev: Event) => void) | null;
	onmessage: ((ev: MessageEvent) => void) | null;
	onclose: ((ev: CloseEvent) => void) | null;
	onerror: ((ev: Event) => void) | null;
	/**
	 * Set by the link. A dialect adapter (the v3 socket) hands up the events it made here instead
	 * of as text frames: they are ours, so they skip JSON and the schema, and streamed parts stay
	 * appends. A plain `WebSocket` never calls it.
	 */
	ondecoded?: ((event: InboundEvent) => void) | null;
	send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void;
	close(code?: number, reason?: string): void;
}

/** Why a link ended. `auth` means the token was refused: do not reconnect. */
export interface LinkClosed {
	auth: boolean;
	reason: string;
}

export interface LinkHandlers {
	onReady(ack: ServerFrameOf<'hello.ack'>): void;
	onFrame(frame: InboundEvent): void;
	onInvalid(error: ProtocolError): void;
	onClosed(closed: LinkClosed): void;
	/** A binary frame (media bytes, doc/protocol.md "Media") after the handshake. */
	onBinary?(data: ArrayBuffer): void;
}

export interface LinkDeps {
	clock: Clock;
	createSocket: (url: string) => SocketLike;
	/** Request timeout, ms. Default 15000. */
	requestTimeoutMs?: number;
}

/** Close codes a gateway uses for a refused token (4001 ours, 1008 policy violation). */
const AUTH_CLOSE_CODES = new Set([4001, 1008]);

type Outgoing = {
	[T in keyof AppPayloads]: Omit<AppFrame & { type: T }, 'v' | 'id'>;
}[keyof AppPayloads];

export class Link {
	readonly #socket: SocketLike;
	readonly #requests: PendingRequests;
	readonly #heartbeat: Heartbeat;
	readonly #handlers: LinkHandlers;
	#ready = false;
	#ended = false;
	/**
	 * Media transfers under way (requests with their own timeout: the answer follows the bytes).
	 * Their bytes can sit in the system's send buffer with `bufferedAmount` already 0, and a ping
	 * would wait behind them: no probe while one runs.
	 */
	#transfers = 0;

	constructor(url: string, hello: AppPayloads['hello'], deps: LinkDeps, handlers: LinkHandlers) {
		this.#handlers = handlers;
		this.#requests = new PendingRequests(deps.clock, deps.requestTimeoutMs);
		this.#heartbeat = new Heartbeat({
			clock: deps.clock,
			onIdle: () => this.#ping(),
			mayProbe: () => this.#mayProbe(),
			onDead: (quietMs) =>
				this.#end({ auth: false, reason: `no frame for ${Math.round(quietMs / 1000)} s` })
		});
		this.#socket = deps.createSocket(url);
		this.#socket.binaryType = 'arraybuffer';
		this.#socket.onopen = () => {
			this.#heartbeat.start();
			this.request({ type: 'hello', payload: hello }).answer.catch(() => {
				// The handshake's outcome is handled by onFrame (ack) or #end (error/close).
			});
		};
		this.#socket.onmessage = (ev) => this.#onMessage(ev);
		this.#socket.ondecoded = (event) => this.#onEvent(event);
		this.#socket.onclose = (ev) => {
			const auth = !this.#ready && AUTH_CLOSE_CODES.has(ev.code);
			this.#end({ auth, reason: ev.reason || `closed (${ev.code})` });
		};
		this.#socket.onerror = () => {
			// A close event always follows; it carries what we need.
		};
	}

	/**
	 * Check that the link still carries frames (the network changed, the page came back): a
	 * `ping` now, and the link ends if nothing arrives within 5 s (Heartbeat `probe`). Not while
	 * the socket still has bytes to send or a media transfer runs: the ping would wait behind
	 * them, and a slow but working link would be given up; the usual 90 s deadline still holds.
	 */
	probe(): void {
		if (!this.#ended && this.#mayProbe()) this.#heartbeat.probe();
	}

	/** Whether a ping now would be answered promptly: no bytes queued, no transfer under way. */
	#mayProbe(): boolean {
		return this.bufferedAmount === 0 && this.#transfers === 0;
	}

	/** True once `hello.ack` arrived and until the link ends. */
	get ready(): boolean {
		return this.#ready && !this.#ended;
	}

	/**
	 * Send a request (`id` assigned here); `answer` resolves with the frame that answers it and
	 * rejects with `RequestError` (server `error`), `RequestTimeoutError` (15 s) or
	 * `ConnectionClosedError` (also when nothing at all arrives after it: Heartbeat `expect`), or
	 * the `ProtocolEncodeError` of a frame the schema forbids.
	 * `opts.timeoutMs` replaces the 15 s timeout (media transfers: the answer follows the bytes).
	 */
	request(
		frame: Outgoing,
		opts: { timeoutMs?: number } = {}
	): { id: number; answer: Promise<ServerFrame> } {
		const { id, answer } = this.#requests.open(opts.timeoutMs);
		// Read before the write: the socket counts the request's own bytes until they are sent.
		const idle = this.#mayProbe();
		const transfer = opts.timeoutMs !== undefined;
		if (transfer) {
			this.#transfers += 1;
			const done = () => (this.#transfers -= 1);
			answer.then(done, done);
		}
		try {
			this.#write({ v: 1, ...frame, id } as AppFrame);
			// Something should come back soon; if nothing at all does, the link is probed (not
			// during the handshake, nor for or behind a transfer's bytes: see `probe`; a ping is
			// the heartbeat's own, with its own deadline).
			if (this.ready && frame.type !== 'ping' && idle && !transfer) this.#heartbeat.expect();
		} catch (e) {
			this.#requests.fail(id, e as Error);
		}
		return { id, answer };
	}

	/** Send a frame that expects no answer. */
	notify(frame: Outgoing): void {
		this.#write({ v: 1, ...frame } as AppFrame);
	}

	/** Send one binary frame (media bytes). Throws once the link is closed. */
	sendBinary(data: ArrayBuffer | ArrayBufferView): void {
		if (this.#ended) throw new Error('link is closed');
		this.#socket.send(data);
	}

	/** Bytes written and not yet sent by the socket, for upload backpressure. */
	get bufferedAmount(): number {
		return this.#socket.bufferedAmount ?? 0;
	}

	/** Close on purpose (reconfigure, unpair). No auth failure is reported. */
	close(reason = 'closed by client'): void {
		this.#end({ auth: false, reason });
	}

	#write(frame: AppFrame): void {
		if (this.#ended) throw new Error('link is closed');
		this.#socket.send(encodeAppFrame(frame));
	}

	#ping(): void {
		if (this.#ended) return;
		this.request({ type: 'ping', payload: { ts: Date.now() } }).answer.catch(() => {
			// A missing pong is not an error by itself; the 90 s dead timer decides.
		});
	}

	#onMessage(ev: MessageEvent): void {
		if (typeof ev.data !== 'string') {
			this.#heartbeat.seen();
			// Binary frames carry media bytes only; they mean nothing before the handshake.
			if (this.#ready && ev.data instanceof ArrayBuffer) this.#handlers.onBinary?.(ev.data);
			return;
		}
		const result = decodeServerFrame(ev.data);
		if (result.ok) this.#onEvent(result.frame);
		else {
			this.#heartbeat.seen();
			this.#handlers.onInvalid(result.error);
		}
	}

	#onEvent(frame: InboundEvent): void {
		this.#heartbeat.seen();
		if (frame.type === 'message.append' || frame.type === 'message.refused') {
			if (this.#ready) this.#handlers.onFrame(frame);
			return;
		}
		if (!this.#ready) {
			if (frame.type === 'hello.ack') {
				this.#requests.settle(frame);
				this.#ready = true;
				this.#handlers.onReady(frame);
			} else if (frame.type === 'error' && frame.payload.code === 'auth') {
				this.#requests.settle(frame);
				this.#end({ auth: true, reason: frame.payload.message || 'token rejected' });
			}
			// Anything else before the ack is ignored: nothing is valid before the handshake.
			return;
		}
		this.#requests.settle(frame);
		this.#handlers.onFrame(frame);
	}

	#end(closed: LinkClosed): void {
		if (this.#ended) return;
		this.#ended = true;
		this.#heartbeat.stop();
		this.#requests.closeAll();
		this.#socket.onopen = this.#socket.onmessage = this.#socket.onclose = null;
		this.#socket.ondecoded = null;
		try {
			this.#socket.close(closed.auth ? 4001 : 1000, closed.reason.slice(0, 100));
		} catch {
			// Already closed.
		}
		this.#handlers.onClosed(closed);
	}
}
