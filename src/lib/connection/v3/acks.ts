/**
 * Acks for the v3 adapter. v3 has no ack, so a sent message is followed by a `ping`: the `pong`
 * to it (the server has read everything before it), an echo of the message, or a reply naming it
 * in `reply_to` acks the send — delivered upwards as the Iris ack (the echoed user `message` with
 * the request `id`). An `error` naming it (`answer`) refuses the send when it is the gateway's
 * rate limit (the request's `error`: the outbox waits), else the message fails after its ack
 * (`message.refused`: shown on it with Retry). Pongs answer pings in order, so each ping waits
 * for its own.
 */
import type { MessagePayload, ServerFrame } from '../../protocol/iris/frames';
import type { InboundEvent } from '../inbound';

/** Acked sends remembered for an `error` about them that comes after the ack. */
const ACKED_KEPT = 50;

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
	/** The latest acked sends of this connection, oldest first. */
	readonly #acked: PendingSend[] = [];

	/** @param deliver hands an event to the link. */
	constructor(private readonly deliver: (frame: InboundEvent) => void) {}

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
		this.#acked.push(pending);
		if (this.#acked.length > ACKED_KEPT) this.#acked.shift();
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

	/**
	 * A frame answering our message `v3Id` (`reply_to`) arrived; `error` if it is an error. A
	 * reply acks the send. An error: `rate_limited` before the ack refuses the send (the gateway
	 * limits before it takes a message: the outbox waits and sends it again); any other means
	 * the gateway took the message and will not handle it, so it is acked and then refused
	 * (`message.refused`, sent again as a new id from `retryId`: the gateway drops a repeated
	 * id). True when the error was handled so (not the page's banner).
	 */
	answer(
		v3Id: string,
		error: (ServerFrame & { type: 'error' }) | undefined,
		retryId: () => string
	): boolean {
		const pending = this.find(v3Id);
		if (pending && error?.payload.code === 'rate_limited') {
			this.refuse(pending, error);
			return true;
		}
		if (pending) this.ack(pending);
		if (!error) return false;
		const i = this.#acked.findIndex((s) => s.v3Ids.includes(v3Id));
		if (i < 0) return false;
		const taken = this.#acked.splice(i, 1)[0]!;
		this.deliver({
			v: 1,
			type: 'message.refused',
			...(taken.chat_id ? { chat_id: taken.chat_id } : {}),
			payload: {
				message_id: taken.echo.message_id,
				code: error.payload.code ?? 'internal',
				message: error.payload.message ?? '',
				retry_client_msg_id: retryId()
			}
		});
		return true;
	}

	#forget(pending: PendingSend): boolean {
		const i = this.#sends.indexOf(pending);
		if (i < 0) return false;
		this.#sends.splice(i, 1);
		return true;
	}
}
