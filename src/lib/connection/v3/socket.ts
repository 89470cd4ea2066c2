/**
 * The v3 dialect adapter (doc/protocol.md "Hermes Chat v3"): a `SocketLike` that speaks Hermes
 * Chat v3 on the real WebSocket and Iris frames to the `Link` above it, so the link, the outbox,
 * the stream buffer and `applyFrames` work unchanged and no component knows the dialect.
 *
 * - `hello` (which carries the token) opens `<url>?token=`; the open socket answers `hello.ack`.
 * - `message.send` → v3 `text`/`image`/`voice`/`video`/`file` (id = `client_msg_id`) followed by a
 *   `ping`: v3 has no ack, so the `pong` to that ping (the server has read everything before it),
 *   an echo of the message, or a reply to it acks the send; an `error` replying to it refuses it.
 * - `ping` → v3 `ping`, answered by the next `pong`.
 * - Media: `media.upload.*` collects the bytes and `POST`s them; `media.pull` `GET`s them and
 *   hands them on as binary frames + `media.pull.end`, as an Iris gateway would.
 * - Sessions, history, search and commands are answered from the local store (`sessions.ts`).
 */
import type { AppFrame, MessagePayload, ServerFrame } from '../../protocol/iris/frames';
import { CANCEL_SHA256 } from '../../protocol/iris/media';
import type { IrisDB } from '../../db/schema';
import type { SocketLike } from '../link';
import { fromV3, type OpenStreams } from './inbound';
import { toV3Messages, type OutgoingMedia } from './outbound';
import { downloadMedia, HttpError, uploadMedia, type UploadResult } from './http';
import {
	decodeV3Frame,
	encodeV3Frame,
	v3HttpBase,
	v3SocketUrl,
	V3_WS_PATH,
	type V3Frame
} from '../../protocol/hermes-v3';
import { userIdFor } from './identity';
import { v3ErrorPayload } from './errors';
import {
	isDefaultSession,
	searchLocal,
	sessionsForHello,
	sessionsWithDefault,
	unsupported
} from './sessions';
import { measureImage } from './measure';
import { loose } from './wire';
import type { SessionOrder } from './order';

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

/** A send waiting for its ack (see the module comment). */
interface PendingSend {
	id: number;
	v3Ids: string[];
	chat_id?: string;
	echo: MessagePayload;
	settled: boolean;
}

/** The upload whose bytes are coming in (one at a time, like on an Iris link). */
interface Collecting {
	media_ref: string;
	chunks: ArrayBuffer[];
	size: number;
	mime?: string;
	filename?: string;
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
	readonly #url: string;
	readonly #d: V3SocketDeps;
	#real: SocketLike | null = null;
	#state = CONNECTING;
	#token = '';
	#from = '';
	/** Answers to our pings, in the order the pings went out. */
	readonly #pongs: (() => void)[] = [];
	readonly #sends: PendingSend[] = [];
	#collecting: Collecting | null = null;
	/** Outgoing frames are handled in order, also those that need the store first. */
	#chain: Promise<void> = Promise.resolve();
	#uploading = 0;
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
		return (this.#real?.bufferedAmount ?? 0) + this.#uploading;
	}

	send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
		if (this.#state === CLOSED) throw new Error('socket is closed');
		if (typeof data !== 'string') {
			this.#collect(data);
			return;
		}
		const frame = JSON.parse(data) as AppFrame;
		this.#chain = this.#chain
			.then(() => this.#handle(frame))
			.catch((e: Error) => {
				this.#d.report(`v3 ${frame.type}: ${e.message}`);
				if (frame.id !== undefined) {
					this.#deliver({
						v: 1,
						type: 'error',
						id: frame.id,
						payload: { code: 'internal', message: e.message }
					});
				}
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
				this.#pongs.push(() => answer({ v: 1, type: 'pong', payload: {} }));
				return;
			case 'sync':
				answer({ v: 1, type: 'sync.done', payload: { cursor: frame.payload.cursor } });
				return;
			case 'channel.create': {
				const { name, kind, parent_chat_id } = frame.payload;
				const chat_id = this.#d.randomUUID();
				answer({
					v: 1,
					type: 'channel.created',
					payload: {
						chat_id,
						name,
						kind: kind ?? 'channel',
						...(parent_chat_id ? { parent_chat_id } : {})
					}
				});
				return;
			}
			case 'channel.rename': {
				const chat_id = frame.chat_id ?? '';
				answer({
					v: 1,
					type: 'channel.renamed',
					chat_id,
					payload: { chat_id, name: frame.payload.name }
				});
				return;
			}
			case 'channel.delete': {
				const chat_id = frame.chat_id ?? '';
				if (await isDefaultSession(this.#d.db, chat_id)) {
					answer({
						v: 1,
						type: 'error',
						payload: { code: 'unsupported', message: 'The default session cannot be deleted' }
					});
					return;
				}
				answer({ v: 1, type: 'channel.deleted', chat_id, payload: { chat_id } });
				return;
			}
			case 'channel.set_default': {
				const channels = await sessionsWithDefault(this.#d.db, frame.chat_id ?? '');
				answer({ v: 1, type: 'channel.list', payload: { channels } });
				return;
			}
			case 'history':
				// No server history in v3: the local store is all there is.
				answer({
					v: 1,
					type: 'history',
					...(frame.chat_id ? { chat_id: frame.chat_id } : {}),
					payload: { messages: [], has_more: false }
				});
				return;
			case 'search': {
				const { query, scope } = frame.payload;
				const chat_id = scope === 'chat' ? frame.chat_id : undefined;
				const hits = await searchLocal(this.#d.db, query, chat_id);
				answer({ v: 1, type: 'search.results', payload: { query, hits } });
				return;
			}
			case 'commands.catalog':
				answer({ v: 1, type: 'commands.catalog', payload: { commands: [] } });
				return;
			case 'commands.complete':
				answer({
					v: 1,
					type: 'commands.complete',
					payload: { prefix: frame.payload.prefix, matches: [] }
				});
				return;
			case 'media.upload.start':
				this.#collecting = {
					media_ref: frame.payload.media_ref,
					chunks: [],
					size: frame.payload.size,
					...(frame.payload.mime ? { mime: frame.payload.mime } : {}),
					...(frame.payload.filename ? { filename: frame.payload.filename } : {})
				};
				return;
			case 'media.upload.end':
				await this.#upload(frame.payload.media_ref, frame.payload.sha256, answer);
				return;
			case 'media.pull':
				await this.#pull(frame.payload.media_id, answer);
				return;
			case 'read.receipt':
				return; // v3 has no read state on the server.
			default:
				if (id !== undefined) this.#deliver(unsupported(id, frame.type));
		}
	}

	#open(token: string, helloId: number): void {
		this.#token = token;
		this.#from = userIdFor(token, this.#d.userId);
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
			void this.#refusedToken().then((refused) =>
				this.onclose?.(
					refused ? ({ code: 4001, reason: 'Token rejected by the gateway' } as CloseEvent) : ev
				)
			);
		};
		real.onerror = (ev) => this.onerror?.(ev);
	}

	/** Whether the gateway refuses our token (a plain `GET` of the socket URL answers 401/403). */
	async #refusedToken(): Promise<boolean> {
		try {
			const url = `${v3HttpBase(this.#url)}${V3_WS_PATH}?token=${encodeURIComponent(this.#token)}`;
			const res = await (this.#d.fetch ?? fetch)(url);
			return res.status === 401 || res.status === 403;
		} catch {
			return false;
		}
	}

	async #sendMessage(frame: AppFrame & { type: 'message.send' }): Promise<void> {
		const { text = '', client_msg_id, media_refs = [], reply_to } = frame.payload;
		const msgId = client_msg_id ?? this.#d.randomUUID();
		const media = await this.#outgoingMedia(media_refs);
		const now = this.#d.now();
		const frames = toV3Messages({
			id: msgId,
			session: frame.chat_id ?? '',
			from: this.#from,
			text,
			now,
			...(reply_to ? { reply_to } : {}),
			media
		});
		const local = await this.#d.db.messages.get(`local:${msgId}`);
		const pending: PendingSend = {
			id: frame.id ?? 0,
			v3Ids: frames.map((f) => loose(f).id ?? ''),
			...(frame.chat_id ? { chat_id: frame.chat_id } : {}),
			echo: {
				message_id: msgId,
				client_msg_id: msgId,
				role: 'user',
				text,
				ts: local?.ts ?? now,
				...(local?.media ? { media: local.media } : {})
			},
			settled: false
		};
		this.#d.state.order.seen(frame.chat_id ?? '', pending.echo.ts ?? now);
		for (const f of frames) this.#write(f);
		this.#write({ type: 'ping' });
		this.#sends.push(pending);
		this.#pongs.push(() => this.#ack(pending));
	}

	/** The uploaded attachments of a message, as its v3 `media` needs them. */
	async #outgoingMedia(media_refs: readonly string[]): Promise<OutgoingMedia[]> {
		const rows = await this.#d.db.media.bulkGet([...media_refs]);
		return Promise.all(
			rows.map(async (row, i) => {
				if (!row?.remote_id) throw new Error(`attachment ${media_refs[i]} was not uploaded`);
				const m: OutgoingMedia = {
					kind: row.kind,
					id: row.remote_id,
					name: row.filename ?? 'file',
					mime: row.mime ?? 'application/octet-stream',
					size: row.size ?? 0
				};
				if (row.width !== undefined) m.width = row.width;
				if (row.height !== undefined) m.height = row.height;
				if (row.duration !== undefined) m.duration = row.duration;
				return m;
			})
		);
	}

	#collect(data: ArrayBufferLike | Blob | ArrayBufferView): void {
		const c = this.#collecting;
		if (!c || data instanceof Blob) return;
		const view = ArrayBuffer.isView(data)
			? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
			: new Uint8Array(data);
		c.chunks.push(view.slice().buffer);
	}

	async #upload(
		media_ref: string,
		sha256: string,
		answer: (f: ServerFrame) => void
	): Promise<void> {
		const c = this.#collecting;
		this.#collecting = null;
		if (!c || c.media_ref !== media_ref || sha256 === CANCEL_SHA256) {
			answer({ v: 1, type: 'error', payload: { code: 'internal', message: 'upload cancelled' } });
			return;
		}
		const blob = new Blob(c.chunks, c.mime ? { type: c.mime } : {});
		const filename = c.filename ?? 'file';
		let result: UploadResult;
		this.#uploading = blob.size;
		try {
			result = await (this.#d.upload ?? uploadMedia)(
				v3HttpBase(this.#url),
				this.#token,
				{ blob, filename },
				(loaded, total) => (this.#uploading = Math.max(0, total - loaded))
			);
		} catch (e) {
			const code =
				e instanceof HttpError && e.status === 413
					? 'file_too_large'
					: e instanceof HttpError
						? e.code
						: undefined;
			const payload = v3ErrorPayload(code ?? 'upload_failed', (e as Error).message);
			answer({ v: 1, type: 'error', payload });
			return;
		} finally {
			this.#uploading = 0;
		}
		const db = this.#d.db;
		const row = await db.media.get(media_ref);
		const dims = row?.kind === 'image' && row.width === undefined ? await measureImage(blob) : {};
		await db.media.update(media_ref, { remote_id: result.media_id, ...dims });
		answer({
			v: 1,
			type: 'media.offer',
			payload: {
				media_id: media_ref,
				...(row?.kind ? { kind: row.kind } : {}),
				size: blob.size,
				...(c.mime ? { mime: c.mime } : {}),
				filename
			}
		});
	}

	async #pull(media_id: string, answer: (f: ServerFrame) => void): Promise<void> {
		// Our own uploads are shown under their local ref; the gateway knows them by its id.
		const remote = (await this.#d.db.media.get(media_id))?.remote_id ?? media_id;
		try {
			await (this.#d.download ?? downloadMedia)(
				v3HttpBase(this.#url),
				this.#token,
				remote,
				(chunk) => this.onmessage?.({ data: chunk } as MessageEvent)
			);
		} catch (e) {
			const payload = v3ErrorPayload('internal', (e as Error).message);
			answer({
				v: 1,
				type: 'error',
				payload: {
					...payload,
					code: e instanceof HttpError && e.status === 404 ? 'not_found' : 'internal'
				}
			});
			return;
		}
		answer({ v: 1, type: 'media.pull.end', payload: { ok: true } });
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
		const echoed = id ? this.#pendingFor(id) : undefined;
		if (echoed) {
			this.#ack(echoed);
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
		if (inbound.pong) this.#pongs.shift()?.();
		const replied = inbound.replyTo ? this.#pendingFor(inbound.replyTo) : undefined;
		if (replied && inbound.refused) {
			// The error is about our message: it refuses that send ("not delivered", retry).
			replied.settled = true;
			this.#forget(replied);
			this.#deliver({ ...inbound.refused, id: replied.id });
			return;
		}
		if (replied) this.#ack(replied);
		for (const f of inbound.frames) this.#deliver(f);
	}

	#pendingFor(v3Id: string): PendingSend | undefined {
		return this.#sends.find((s) => s.v3Ids.includes(v3Id));
	}

	#ack(pending: PendingSend): void {
		if (pending.settled) return;
		pending.settled = true;
		this.#forget(pending);
		this.#deliver({
			v: 1,
			type: 'message',
			id: pending.id,
			...(pending.chat_id ? { chat_id: pending.chat_id } : {}),
			payload: pending.echo
		});
	}

	#forget(pending: PendingSend): void {
		const i = this.#sends.indexOf(pending);
		if (i >= 0) this.#sends.splice(i, 1);
	}

	#deliver(frame: ServerFrame): void {
		if (this.#state === CLOSED) return;
		this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
	}
}
