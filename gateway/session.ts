/**
 * One WebSocket connection speaking Iris v1 (doc/protocol.md "Auth failure").
 *
 * The first frame must be a valid `hello` with the gateway's token; anything else gets
 * `error{code:'auth'}` and a close with code 4001, which tells the client to stop reconnecting
 * and ask the user to pair again. After `hello.ack` the connection receives broadcasts and every
 * text frame is decoded with the shared codec; a frame that does not decode is answered with an
 * `error` and otherwise ignored (the connection lives on).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { WebSocket, type RawData } from 'ws';
import {
	decodeAppFrame,
	encodeServerFrame,
	frame,
	type AppFrameOf,
	type ServerFrame
} from '../src/lib/protocol/iris';
import { handleAppFrame } from './handlers';
import { errorFrame } from './errors';
import type { Faults } from './faults';
import type { Hub, Peer } from './hub';
import { OutgoingQueue } from './outgoing';
import { MediaTransfers } from './media/transfers';
import { isStorageError } from './storage/errors';

/** Close code sent after an auth failure (application range 4000–4999). */
export const CLOSE_AUTH_FAILED = 4001;

/**
 * The pre-authentication limits watching one connection (./limits/admission.ts, by address);
 * absent for connections made in-process by tests.
 */
export interface SessionGuard {
	/** The `hello` was accepted: the connection leaves the pre-authentication limits. */
	authenticated(): void;
	/** Whether a token may be checked now (the address has failure budget left). */
	mayAuthenticate(): boolean;
	/** A wrong token was given. */
	failed(): void;
}

/** What the demo gateway can do, announced in `hello.ack`. */
const SERVER_CAPS = {
	streaming: true,
	reasoning: true,
	tools: true,
	media: true,
	search: true,
	push: 'none' as const,
	pickers: true
};

/**
 * Encoded frames by frame object: a broadcast hands the same object to every connection, so it is
 * validated and serialised once, not once per device.
 */
const encoded = new WeakMap<ServerFrame, string>();

/** `encodeServerFrame`, once per frame object (frames are never changed once sent). */
export function encodeOnce(f: ServerFrame): string {
	let text = encoded.get(f);
	if (text === undefined) {
		text = encodeServerFrame(f);
		encoded.set(f, text);
	}
	return text;
}

/** Constant-time token comparison (hashing first gives both sides the same length). */
export function tokenMatches(given: string, expected: string): boolean {
	const digest = (s: string) => createHash('sha256').update(s).digest();
	return timingSafeEqual(digest(given), digest(expected));
}

/** The bytes of a received `ws` message, whatever shape `ws` delivered them in. */
export function rawToBuffer(data: RawData): Buffer {
	if (Array.isArray(data)) return Buffer.concat(data);
	if (data instanceof ArrayBuffer) return Buffer.from(data);
	return data;
}

function rawToText(data: RawData): string {
	return rawToBuffer(data).toString('utf8');
}

/** A connection: authenticates, then answers frames through `handleAppFrame`. */
export class Session implements Peer {
	readonly #ws: WebSocket;
	readonly #hub: Hub;
	readonly #out: OutgoingQueue;
	readonly #media: MediaTransfers;
	#device: string | undefined;
	#deviceId: string | undefined;
	/** Request id of the frame being handled (answered with an `error` if its handler throws). */
	#handling: number | undefined;
	readonly #guard: SessionGuard | undefined;

	/**
	 * Attach to an accepted socket; the session lives as long as the socket. `faults`: the test
	 * hooks' delay / duplicate settings for outgoing frames; `guard`: the limits before `hello`.
	 */
	constructor(ws: WebSocket, hub: Hub, faults?: Faults, guard?: SessionGuard) {
		this.#ws = ws;
		this.#hub = hub;
		this.#guard = guard;
		this.#out = new OutgoingQueue(
			{
				get bufferedAmount() {
					return ws.bufferedAmount;
				},
				get open() {
					return ws.readyState === WebSocket.OPEN;
				},
				send: (text) => ws.send(text)
			},
			encodeOnce,
			faults,
			(text) => hub.options.record?.('out', text)
		);
		// Binary frames skip the queue: text frames only ever go out later than queued, so the
		// bytes of a pull still come before its `media.pull.end`.
		this.#media = new MediaTransfers(hub, this, {
			sendBinary: (data) => {
				if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: true });
			},
			drop: () => ws.terminate()
		});
		ws.on('message', (data, isBinary) => this.#receive(data, isBinary));
		ws.on('close', (code) => {
			this.#out.clear();
			hub.removePeer(this);
			hub.log(`connection closed (${code}${this.#device ? `, device ${this.#device}` : ''})`);
		});
		ws.on('error', (e) => hub.log(`socket error: ${e.message}`));
	}

	/** Whether the `hello` was accepted (the session receives broadcasts). */
	get authenticated(): boolean {
		return this.#device !== undefined;
	}

	/** `hello.device_id`, once authenticated. */
	get deviceId(): string | undefined {
		return this.#deviceId;
	}

	/**
	 * Encode (validating against the schema) and send in order; a slow reader's stream updates
	 * are coalesced (./outgoing.ts). A no-op once the socket is not open.
	 */
	send(f: ServerFrame): void {
		this.#out.push(f);
	}

	/** The token this connection paired with was rotated: close it (4001, as for a wrong token). */
	revoke(): void {
		if (this.authenticated) this.#ws.close(CLOSE_AUTH_FAILED, 'token rotated');
	}

	/** Send a raw text frame as is (test hook: inject a malformed frame). */
	sendRaw(text: string): void {
		this.#out.pushRaw(text);
	}

	#receive(data: RawData, isBinary: boolean): void {
		this.#handling = undefined;
		try {
			if (this.#device === undefined) this.#authenticate(data, isBinary);
			else if (isBinary) this.#media.binary(rawToBuffer(data));
			else {
				const text = rawToText(data);
				this.#hub.options.record?.('in', text);
				this.#text(text);
			}
		} catch (e) {
			// A full disk, or a bug in a handler (e.g. an encode error), must not take the gateway
			// down; the request is answered so the app does not wait for it.
			const why = e instanceof Error ? e.message : String(e);
			const storage = isStorageError(e);
			this.#hub.log(`${storage ? 'storage' : 'internal'} error: ${why}`);
			const message = storage
				? `the gateway could not store this (${why})`
				: 'internal error in the demo gateway';
			this.send(errorFrame('internal', message, this.#handling));
		}
	}

	#authenticate(data: RawData, isBinary: boolean): void {
		const text = isBinary ? undefined : rawToText(data);
		if (text !== undefined) this.#hub.options.record?.('in', text);
		const decoded = text === undefined ? undefined : decodeAppFrame(text);
		if (!decoded?.ok || decoded.frame.type !== 'hello') {
			const why = !decoded
				? 'a binary frame'
				: decoded.ok
					? `"${decoded.frame.type}"`
					: `an invalid frame (${decoded.error.message})`;
			const id = decoded?.ok ? decoded.frame.id : decoded?.error.id;
			this.#reject(`the first frame must be hello, got ${why}`, id);
		} else {
			this.#checkHello(decoded.frame);
		}
	}

	/** Check a `hello`'s token (unless the address is out of guesses) and welcome or refuse it. */
	#checkHello(hello: AppFrameOf<'hello'>): void {
		if (this.#guard && !this.#guard.mayAuthenticate()) {
			this.#hub.log('auth refused: too many failed authentications from this address');
			this.send(
				errorFrame('rate_limited', 'too many failed authentications; try again later', hello.id)
			);
			// 1008 (policy), not 4001: the token may be right, the app must not ask to pair again.
			this.#ws.close(1008, 'rate limited');
		} else if (!tokenMatches(hello.payload.token, this.#hub.options.token)) {
			this.#guard?.failed();
			this.#reject('wrong token', hello.id);
		} else {
			this.#welcome(hello);
		}
	}

	#reject(message: string, id: number | undefined): void {
		this.#hub.log(`auth failed: ${message}`);
		this.send(errorFrame('auth', message, id));
		this.#ws.close(CLOSE_AUTH_FAILED, 'auth');
	}

	#welcome(hello: AppFrameOf<'hello'>): void {
		const { device_id, device_name, fcm_token, ntfy_topic } = hello.payload;
		// First, so that a store that cannot write (a full disk) refuses the hello as a whole.
		this.#hub.events.seen(device_id, Date.now());
		this.#device = device_name ? `${device_name} (${device_id})` : device_id;
		this.#deviceId = device_id;
		const push = this.#hub.push;
		// A hello without push fields leaves an earlier registration alone (`fcm.register{}` clears it).
		if (push && (fcm_token || ntfy_topic)) {
			const error = push.register(device_id, { fcm_token, ntfy_topic });
			if (error) this.#hub.log(`push: hello from ${device_id}: ${error}`);
		}
		const ack = {
			server_caps: push ? { ...SERVER_CAPS, ...push.caps } : SERVER_CAPS,
			sync_cursor: this.#hub.events.latest,
			channels: this.#hub.channels.map((c) => ({ ...c }))
		};
		this.send(frame('hello.ack', ack, { id: hello.id }));
		this.#hub.addPeer(this);
		this.#guard?.authenticated();
		this.send(frame('status', { state: this.#hub.state }));
		this.#hub.log(`authenticated device ${this.#device}`);
	}

	#text(text: string): void {
		const decoded = decodeAppFrame(text);
		if (!decoded.ok) {
			const { kind, message, id } = decoded.error;
			this.#hub.log(`invalid frame: ${message}`);
			this.send(errorFrame(kind === 'unknown_type' ? 'unsupported' : 'internal', message, id));
			return;
		}
		const f = decoded.frame;
		this.#handling = f.id;
		if (f.type === 'hello') {
			// A repeated hello re-checks the token; the client may re-pair on an open socket.
			this.#checkHello(f);
		} else if (!this.#media.handle(f)) handleAppFrame(this.#hub, this, f);
	}
}
