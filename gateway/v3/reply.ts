/**
 * How the v3 demo agent answers one app message: frames addressed from `hermes` to the sender, in
 * the sender's session, with `reply_to` = the message's `id` (spec "text": "Agent 回复"), handed to
 * `V3Hub.deliver`. Streams follow the spec's order `stream_start → stream × N → stream_end`, each
 * `stream` carrying only the text to append.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
	msToV3Ts,
	newV3Id,
	V3_AGENT_ID,
	type V3Data,
	type V3ErrorCode,
	type V3MediaType
} from '../../src/lib/protocol/hermes-v3';
import { streamSteps } from '../demo-agent';
import type { V3Hub } from './hub';

/** The answer to one app message. */
export class V3Reply {
	readonly #v3: V3Hub;
	readonly #to: string;
	readonly #session: string;
	readonly #replyTo: string;

	/** Answer the message `replyTo` that `to` sent in `session`. */
	constructor(v3: V3Hub, to: string, session: string, replyTo: string) {
		this.#v3 = v3;
		this.#to = to;
		this.#session = session;
		this.#replyTo = replyTo;
	}

	#route() {
		return { from: V3_AGENT_ID, to: this.#to, session: this.#session };
	}

	#message() {
		return { id: newV3Id(), ...this.#route(), reply_to: this.#replyTo, ts: msToV3Ts(Date.now()) };
	}

	/** A complete (not streamed) `text` message. */
	text(text: string): void {
		this.#v3.deliver({ ...this.#message(), type: 'text', data: { text } });
	}

	/** A media message; `data.media` must hold the fields the spec's table requires for `type`. */
	media<T extends V3MediaType>(type: T, data: V3Data[T]): void {
		this.#v3.deliver({ ...this.#message(), type, data } as Parameters<V3Hub['deliver']>[0]);
	}

	/** An `error` answering the message; `text` defaults to the code's meaning. */
	error(code: V3ErrorCode, text?: string): void {
		this.#v3.deliver(
			this.#v3.errorFrame(code, {
				to: this.#to,
				session: this.#session,
				replyTo: this.#replyTo,
				...(text === undefined ? {} : { text })
			})
		);
	}

	/**
	 * Stream `text` in word steps `stepMs` ms apart, then `stream_end`. Rejects with an
	 * `AbortError` when `signal` aborts (gateway shutdown); the stream is then left open.
	 */
	async stream(text: string, stepMs: number, signal: AbortSignal): Promise<void> {
		this.#v3.deliver({ ...this.#message(), type: 'stream_start' });
		let sent = 0;
		for (const step of streamSteps(text)) {
			await sleep(stepMs, undefined, { signal });
			this.#v3.deliver({ ...this.#route(), type: 'stream', data: { text: step.slice(sent) } });
			sent = step.length;
		}
		this.#v3.deliver({ ...this.#route(), type: 'stream_end' });
	}
}
