/**
 * Answer a picker over a connection of the service worker's own, for a notification's action
 * when no app window is open to send it: `hello`, then `picker.select`, then close — the same
 * frames the app sends (spec `hello`, `picker.select`; doc/protocol.md "Push"). Iris gateways
 * only: a Hermes Chat v3 gateway is answered from the app.
 */
import { decodeServerFrame, encodeAppFrame } from '../lib/protocol/iris/codec';
import type { AppFrame } from '../lib/protocol/iris/frames';

/** How long the whole exchange may take before it counts as unreachable, ms. */
export const ANSWER_TIMEOUT_MS = 15_000;

/**
 * Why the answer did not get through: `unreachable` (no connection, or no reply in time),
 * `closed` (the gateway no longer waits on that picker: `error{not_found}`), `refused` (any
 * other `error`, e.g. a token no longer valid; `message` is the gateway's).
 */
export class AnswerError extends Error {
	constructor(
		readonly reason: 'unreachable' | 'closed' | 'refused',
		message: string
	) {
		super(message);
		this.name = 'AnswerError';
	}
}

/** Where to connect and as whom: the stored pairing and this device's `device_id`. */
export interface AnswerTarget {
	url: string;
	token: string;
	device_id: string;
}

/** The answer: `picker.select` for `picker_id` in `chat_id`. */
export interface PickerAnswer {
	chat_id: string;
	picker_id: string;
	value: string;
}

/**
 * Connect, send the answer once, close. Resolves when the gateway acknowledged it; rejects with
 * an `AnswerError`. `timeoutMs` bounds the whole exchange.
 */
export function answerOverSocket(
	target: AnswerTarget,
	answer: PickerAnswer,
	timeoutMs = ANSWER_TIMEOUT_MS
): Promise<void> {
	return new Promise((resolve, reject) => {
		let socket: WebSocket;
		try {
			socket = new WebSocket(target.url);
		} catch (e) {
			reject(new AnswerError('unreachable', String(e)));
			return;
		}
		let done = false;
		const finish = (error?: AnswerError) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			socket.onclose = socket.onmessage = socket.onopen = null;
			socket.close(1000, 'answered');
			if (error) reject(error);
			else resolve();
		};
		const timer = setTimeout(
			() => finish(new AnswerError('unreachable', 'no reply in time')),
			timeoutMs
		);
		const send = (frame: AppFrame) => socket.send(encodeAppFrame(frame));
		socket.onopen = () =>
			send({
				v: 1,
				id: 1,
				type: 'hello',
				payload: { token: target.token, device_id: target.device_id }
			});
		socket.onmessage = (event: MessageEvent) => {
			if (typeof event.data !== 'string') return;
			const decoded = decodeServerFrame(event.data);
			if (!decoded.ok) return;
			const frame = decoded.frame;
			const error = frame.type === 'error' ? frame.payload : undefined;
			if (frame.id === 1) {
				if (error) finish(new AnswerError('refused', error.message ?? error.code ?? 'refused'));
				else if (frame.type === 'hello.ack')
					send({
						v: 1,
						id: 2,
						type: 'picker.select',
						chat_id: answer.chat_id,
						payload: { picker_id: answer.picker_id, value: answer.value }
					});
			} else if (frame.id === 2) {
				if (!error) finish();
				else
					finish(
						new AnswerError(
							error.code === 'not_found' ? 'closed' : 'refused',
							error.message ?? error.code ?? 'refused'
						)
					);
			}
		};
		socket.onclose = () => finish(new AnswerError('unreachable', 'the connection closed'));
	});
}
