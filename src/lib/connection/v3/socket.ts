/**
 * The v3 dialect adapter (doc/protocol.md "Hermes Chat v3"): a `SocketLike` that speaks Hermes
 * Chat v3 on the real WebSocket and hands the `Link` above it Iris frames (as objects, through
 * `ondecoded`: no JSON round trip), so the link, the outbox, the stream buffer and `applyFrames`
 * work unchanged and no component knows the dialect. Streamed parts go up as appends.
 *
 * - `hello` (which carries the token) opens `<url>?token=`; the open socket answers `hello.ack`.
 * - `message.send` → v3 `text`/`image`/`voice`/`video`/`file` (id = `client_msg_id`) followed by a
 *   `ping`: v3 has no ack, so the `pong` to that ping (the server has read everything before it),
 *   an echo of the message, or a reply to it acks the send; an `error` replying to it refuses it.
 * - `ping` → v3 `ping`, answered by the next `pong`.
 * - Media: `media.upload.*` and `media.pull` go over HTTP (`media-bridge.ts`), answered as an
 *   Iris gateway would.
 * - Sessions, history, search and commands are answered from the local store (`local-answers.ts`).
 */
import type { AppFrame, ServerFrame } from '../../protocol/iris/frames';
import type { IrisDB } from '../../db/schema';
import type { InboundEvent } from '../inbound';
import type { SocketLike } from '../link';
import { fromV3, type OpenStreams } from './inbound';
import type { downloadMedia, uploadMedia } from './http';
import { HttpMediaBridge } from './media-bridge';
import { SendAcks } from './acks';
import {
	decodeV3Frame,
	encodeV3Frame,
	v3HttpBase,
	v3SocketUrl,
	type V3Frame
} from '../../protocol/hermes-v3';
import { userIdFor } from './identity';
import { answerLocally, sessionsForHello } from './local-answers';
import { loose } from './wire';
import type { SessionOrder } from './order';
import { prepareSend } from './send';
import { refusesToken } from './refused';

/** What outlives one socket: streams cut by a reconnect go on in the same bubble. */
export interface V3State {
	streams: OpenStreams;
	order: SessionOrder;
}

export interface V3SocketDeps {
	db: IrisDB;
	/** Opens the real WebSocket (`new WebSocket(url)`). */
	createWebSocket: (url: string) => SocketLike;
	state: V3State;
	/** The user id set at pairing, used when the token is not a JWT with `sub`. */
	userId?: string;
	randomUUID: () => string;
	/** Epoch ms. */
	now: () => number;
	report: (line: string) => void;
	upload?: typeof uploadMedia;
	download?: typeof downloadMedia;
	/** For the token check after a refused upgrade; the global `fetch` by default. */
	fetch?: typeof fetch;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

export class V3Socket implements SocketLike {
	binaryType: BinaryType = 'arraybuffer';
	onopen: ((ev: Event) => void) | null = null;
	onmessage: ((ev: MessageEvent) => void) | null = null;
	onclose: ((ev: CloseEvent) => void) | null = null;
	onerror: ((ev: Event) => void) | null = null;
	/** Where the adapter hands up the events it makes (set by the link). */
	ondecoded: ((event: InboundEvent) => void) | null = null;
	readonly #url: string;
	readonly #d: V3SocketDeps;
	#real: SocketLike | null = null;
	#state = CONNECTING;
	#token = '';
	#from = '';
	/** Answers to our pings, in the order the pings went out. */
	readonly #acks = new SendAcks((frame) => this.#deliver(frame));
	/** Media over HTTP, once `hello` brought the token. */
	#media: HttpMediaBridge | null = null;
	/** Outgoing frames are handled in order, also those that need the store first. */
	#chain: Promise<void> = Promise.resolve();
	/**
	 * Frames that arrived before our `hello.ack` reached the link (a gateway delivers what it held
	 * at once; the link drops anything before the ack): applied right after it.
	 */
	#early: string[] | null = [];

	/** `url` is the pairing URL (`…/ws/app`, or the gateway's base URL) without the token. */
	constructor(url: string, deps: V3SocketDeps) {
		this.#url = url;
		this.#d = deps;
		// The link sends `hello` on open; the real socket opens once `hello` brings the token.
		queueMicrotask(() => this.onopen?.(new Event('open')));
	}

	get readyState(): number {
		return this.#state;
	}

	get bufferedAmount(): number {
		return (this.#real?.bufferedAmount ?? 0) + (this.#media?.pending ?? 0);
	}

	send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
		if (this.#state === CLOSED) throw new Error('socket is closed');
		if (typeof data !== 'string') {
			if (!(data instanceof Blob)) this.#media?.chunk(data);
			return;
		}
		const frame = JSON.parse(data) as AppFrame;
		this.#chain = this.#chain
			.then(() => this.#handle(frame))
			.catch((e: Error) => {
				this.#d.report(`v3 ${frame.type}: ${e.message}`);
				const payload = { code: 'internal' as const, message: e.message };
				if (frame.id !== undefined) this.#deliver({ v: 1, type: 'error', id: frame.id, payload });
			});
	}

	close(code?: number, reason?: string): void {
		this.#state = CLOSED;
		const real = this.#real;
		this.#real = null;
		if (real) {
			real.onopen = real.onmessage = real.onclose = real.onerror = null;
			try {
				real.close(code === 4001 ? 4001 : 1000, reason);
			} catch {
				// Already closed.
			}
		}
	}

	// ---- app → gateway ------------------------------------------------------------------------

	async #handle(frame: AppFrame): Promise<void> {
		const id = frame.id;
		const answer = (f: ServerFrame) => this.#deliver(id === undefined ? f : { ...f, id });
		switch (frame.type) {
			case 'hello':
				this.#open(frame.payload.token, id ?? 1);
				return;
			case 'message.send':
				await this.#sendMessage(frame as AppFrame & { type: 'message.send' });
				return;
			case 'ping':
				this.#write({ type: 'ping' });
				this.#acks.pinged(() => answer({ v: 1, type: 'pong', payload: {} }));
				return;
			case 'media.upload.start':
				this.#media?.start(frame.payload);
				return;
			case 'media.upload.end':
				if (this.#media)
					answer(await this.#media.end(frame.payload.media_ref, frame.payload.sha256));
				return;
			case 'media.pull':
				if (this.#media) {
					answer(
						await this.#media.pull(frame.payload.media_id, (chunk) =>
							this.onmessage?.({ data: chunk } as MessageEvent)
						)
					);
				}
				return;
			default: {
				const local = await answerLocally(frame, this.#d.db, this.#d.randomUUID);
				if (local && id !== undefined) answer(local);
			}
		}
	}

	#open(token: string, helloId: number): void {
		this.#token = token;
		this.#from = userIdFor(token, this.#d.userId);
		this.#media = new HttpMediaBridge({
			db: this.#d.db,
			base: v3HttpBase(this.#url),
			token,
			...(this.#d.upload ? { upload: this.#d.upload } : {}),
			...(this.#d.download ? { download: this.#d.download } : {})
		});
		// `<base>/ws/app?token=`: a pairing URL may be the bare base when v3 was chosen explicitly.
		const real = this.#d.createWebSocket(v3SocketUrl(this.#url, token));
		real.binaryType = 'arraybuffer';
		this.#real = real;
		real.onopen = () => {
			this.#state = OPEN;
			void sessionsForHello(this.#d.db, this.#d.randomUUID).then((channels) => {
				this.#deliver({
					v: 1,
					type: 'hello.ack',
					id: helloId,
					payload: {
						server_caps: { streaming: true, media: true, search: true, push: 'none' },
						channels
					}
				});
				const early = this.#early ?? [];
				this.#early = null;
				for (const text of early) this.#receive(text);
			});
		};
		real.onmessage = (ev) => {
			if (typeof ev.data === 'string') this.#receive(ev.data);
		};
		real.onclose = (ev) => {
			const opened = this.#state === OPEN;
			this.#state = CLOSED;
			this.#real = null;
			if (opened) {
				this.onclose?.(ev);
				return;
			}
			// A refused upgrade reaches a browser as a bare 1006; the gateway's answer to a plain
			// GET of the same URL tells a refused token (401/403) from a gateway that is down.
			void refusesToken(this.#url, this.#token, this.#d.fetch).then((refused) =>
				this.onclose?.(
					refused ? ({ code: 4001, reason: 'Token rejected by the gateway' } as CloseEvent) : ev
				)
			);
		};
		real.onerror = (ev) => this.onerror?.(ev);
	}

	async #sendMessage(frame: AppFrame & { type: 'message.send' }): Promise<void> {
		const { frames, pending } = await prepareSend(frame, {
			db: this.#d.db,
			from: this.#from,
			media: this.#media,
			order: this.#d.state.order,
			randomUUID: this.#d.randomUUID,
			now: this.#d.now
		});
		for (const f of frames) this.#write(f);
		this.#write({ type: 'ping' });
		this.#acks.sent(pending);
	}

	#write(frame: V3Frame): void {
		const real = this.#real;
		if (!real || this.#state !== OPEN) throw new Error('socket is not open');
		real.send(encodeV3Frame(frame, 'app_to_server'));
	}

	// ---- gateway → app ------------------------------------------------------------------------

	#receive(text: string): void {
		if (this.#early) {
			this.#early.push(text);
			return;
		}
		const decoded = decodeV3Frame(text, 'server_to_app');
		if (!decoded.ok) {
			// Malformed, unknown or missing what the spec requires: recorded and skipped.
			this.#d.report(`v3: dropped ${decoded.error.kind} frame: ${decoded.error.message}`);
			return;
		}
		const frame = decoded.frame;
		// The server's echo of our own message acks it.
		const id = loose(frame).id;
		const echoed = id ? this.#acks.find(id) : undefined;
		if (echoed) {
			this.#acks.ack(echoed);
			return;
		}
		const inbound = fromV3(frame, {
			userId: this.#from,
			streams: this.#d.state.streams,
			order: this.#d.state.order,
			randomUUID: this.#d.randomUUID
		});
		if (inbound.problem) this.#d.report(`v3: ${inbound.problem}`);
		if (inbound.ping) this.#write({ type: 'pong' });
		if (inbound.pong) this.#acks.pong();
		// An answer to our message acks it; an error about it is shown on it (SendAcks.answer).
		const { replyTo, refused } = inbound;
		if (replyTo && this.#acks.answer(replyTo, refused, this.#d.randomUUID)) return;
		for (const f of inbound.frames) this.#deliver(f);
	}

	/** Hand an event up to the link as it is: no JSON, no schema (the adapter made it). */
	#deliver(event: InboundEvent): void {
		if (this.#state === CLOSED) return;
		this.ondecoded?.(event);
	}
}
