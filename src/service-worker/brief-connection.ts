/**
 * A short connection of the service worker's own, for what cannot wait until an app window
 * opens: `hello` (with the stored pairing and this device's `device_id`, plus any push fields),
 * then at most one request, then close — the frames the app itself sends (spec `hello`;
 * doc/protocol.md "Push"). Used to answer a picker from a notification (`picker.select`) and to
 * register a renewed push subscription (the `hello`'s `fcm_token`). Iris gateways only: a Hermes
 * Chat v3 gateway is reached from the app.
 */
import { decodeServerFrame, encodeAppFrame } from '../lib/protocol/iris/codec';
import type { AppFrame, AppPayloads } from '../lib/protocol/iris/frames';

/** How long the whole exchange may take before it counts as unreachable, ms. */
export const BRIEF_TIMEOUT_MS = 15_000;

/**
 * Why the exchange failed: `unreachable` (no connection, or no reply in time before the request
 * went out), `unconfirmed` (the request went out, then no reply or the connection closed: the
 * gateway may have acted on it), `closed` (the request's target is gone: `error{not_found}`),
 * `refused` (any other `error`, e.g. a token no longer valid; `message` is the gateway's).
 */
export class BriefConnectionError extends Error {
	constructor(
		readonly reason: 'unreachable' | 'unconfirmed' | 'closed' | 'refused',
		message: string
	) {
		super(message);
		this.name = 'BriefConnectionError';
	}
}

/** Where to connect and as whom: the stored pairing and this device's `device_id`. */
export interface BriefTarget {
	url: string;
	token: string;
	device_id: string;
}

/** A request sent after the handshake (its `v` and `id` are set here). */
export type BriefRequest = Omit<AppFrame, 'v' | 'id'>;

/**
 * Connect, say `hello` (with `hello` fields added, e.g. `fcm_token`), send `request` if any,
 * close. Resolves when the gateway acknowledged the last of them; rejects with a
 * `BriefConnectionError`. `timeoutMs` bounds the whole exchange.
 */
export function connectBriefly(
	target: BriefTarget,
	options: { hello?: Partial<AppPayloads['hello']>; request?: BriefRequest } = {},
	timeoutMs = BRIEF_TIMEOUT_MS
): Promise<void> {
	return new Promise((resolve, reject) => {
		let socket: WebSocket;
		try {
			socket = new WebSocket(target.url);
		} catch (e) {
			reject(new BriefConnectionError('unreachable', String(e)));
			return;
		}
		let done = false;
		let sent = false; // the request went out
		const lost = (message: string) =>
			new BriefConnectionError(sent ? 'unconfirmed' : 'unreachable', message);
		const finish = (error?: BriefConnectionError) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			socket.onclose = socket.onmessage = socket.onopen = null;
			socket.close(1000, 'done');
			if (error) reject(error);
			else resolve();
		};
		const timer = setTimeout(() => finish(lost('no reply in time')), timeoutMs);
		const send = (frame: AppFrame) => socket.send(encodeAppFrame(frame));
		socket.onopen = () =>
			send({
				v: 1,
				id: 1,
				type: 'hello',
				payload: { ...options.hello, token: target.token, device_id: target.device_id }
			});
		socket.onmessage = (event: MessageEvent) => {
			if (typeof event.data !== 'string') return;
			const decoded = decodeServerFrame(event.data);
			if (!decoded.ok || (decoded.frame.id !== 1 && decoded.frame.id !== 2)) return;
			const frame = decoded.frame;
			if (frame.type === 'error') {
				const { code, message } = frame.payload;
				const reason = frame.id === 2 && code === 'not_found' ? 'closed' : 'refused';
				finish(new BriefConnectionError(reason, message ?? code ?? 'refused'));
			} else if (frame.id === 2 || !options.request) {
				finish();
			} else if (frame.type === 'hello.ack') {
				sent = true;
				send({ ...options.request, v: 1, id: 2 } as AppFrame);
			}
		};
		socket.onclose = () => finish(lost('the connection closed'));
	});
}
