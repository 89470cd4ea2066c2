/**
 * Acks for the v3 adapter. v3 has no ack, so a sent message is followed by a `ping`: the `pong`
 * to it (the server has read everything before it), an echo of the message, or a reply naming it
 * in `reply_to` acks the send — delivered upwards as the Iris ack (the echoed user `message` with
 * the request `id`). An `error` naming it refuses the send (the request's `error`). Pongs answer
 * pings in order, so each ping waits for its own.
 */
import type { MessagePayload, ServerFrame } from '../../protocol/iris/frames';

/** A sent message waiting for its ack. */
export interface PendingSend {
	/** The Iris request id of its `message.send`. */
	id: number;
	/** The v3 ids it went out as (one per attachment). */
	v3Ids: string[];
	chat_id?: string;
	/** The ack's payload: the user message under its final id. */
	echo: MessagePayload;
}

export class SendAcks {
	readonly #pongs: (() => void)[] = [];
	readonly #sends: PendingSend[] = [];

	/** @param deliver hands an Iris frame to the link. */
	constructor(private readonly deliver: (frame: ServerFrame) => void) {}

	/** A `ping` went out; `answered` runs when its `pong` comes. */
	pinged(answered: () => void): void {
		this.#pongs.push(answered);
	}

	/** A message went out, followed by a `ping`. */
	sent(pending: PendingSend): void {
		this.#sends.push(pending);
		this.pinged(() => this.ack(pending));
	}

	/** A `pong` arrived: it answers the oldest ping. */
	pong(): void {
		this.#pongs.shift()?.();
	}

	/** The unsettled send that went out with v3 id `v3Id`. */
	find(v3Id: string): PendingSend | undefined {
		return this.#sends.find((s) => s.v3Ids.includes(v3Id));
	}

	/** Ack a send (once; a later pong or reply for it does nothing). */
	ack(pending: PendingSend): void {
		if (!this.#forget(pending)) return;
		this.deliver({
			v: 1,
			type: 'message',
			id: pending.id,
			...(pending.chat_id ? { chat_id: pending.chat_id } : {}),
			payload: pending.echo
		});
	}

	/** Refuse a send with `error` (not delivered; the user may retry). */
	refuse(pending: PendingSend, error: ServerFrame): void {
		if (this.#forget(pending)) this.deliver({ ...error, id: pending.id });
	}

	#forget(pending: PendingSend): boolean {
		const i = this.#sends.indexOf(pending);
		if (i < 0) return false;
		this.#sends.splice(i, 1);
		return true;
	}
}
