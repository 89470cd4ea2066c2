/**
 * Sends the outbox over a ready link (doc/protocol.md "Sending messages without loss or
 * duplicates"): in `seq` order, each with its `client_msg_id`; a message written but not acked
 * when the link dropped is re-sent once on the next link; a second loss, a server `error` or a
 * 15 s timeout marks it failed ("not delivered — retry"). The ack itself is applied by
 * `db/apply.ts`, which matches it to the local row by `client_msg_id`.
 */
import type { ServerFrameOf } from '../protocol/iris/frames';
import type { IrisDB, OutboxRow } from '../db/schema';
import { markDeferred, markFailed, markWritten, pending } from '../db/outbox';
import { uploadsState } from '../db/media';
import { ConnectionClosedError, RequestError, RequestTimeoutError } from './requests';
import type { Link } from './link';
import { SerialRunner } from './serial';
import { systemClock, type Clock } from '../platform/clock';

/** Writes of one message before it counts as not delivered. */
const MAX_WRITES = 2;

/** Wait after `error{rate_limited}` without a `retry_after_ms` hint, ms. */
export const RATE_LIMIT_DEFAULT_WAIT_MS = 5_000;

export class OutboxSender {
	#link: Link | null = null;
	/** Request id → client_msg_id for sends on the current link. */
	readonly #byRequest = new Map<number, string>();
	/**
	 * client_msg_ids written on the current link and not refused: never written again on it. An
	 * acked one stays here until the ack's batch removes its row (a flush in between, e.g. at
	 * `agent.idle`, would otherwise send it twice).
	 */
	readonly #inFlight = new Set<string>();
	readonly #runner = new SerialRunner(() => this.#run());
	/** Epoch ms before which nothing is sent (the gateway said `rate_limited`). */
	#pausedUntil = 0;
	#resumeScheduled = false;

	/**
	 * `clock`: time for the waits the gateway asks for (`rate_limited`); fake in tests.
	 * `held(chat_id)`: whether that channel's agent is busy. A message sent meanwhile stays in the
	 * outbox (the user can still Cancel or Edit it) and goes out once the turn ends (`flush`).
	 */
	constructor(
		private readonly db: IrisDB,
		private readonly report: (line: string) => void,
		private readonly clock: Clock = systemClock,
		private readonly held: (chat_id: string) => boolean = () => false
	) {}

	/** A link is ready: send what waits. */
	attach(link: Link): void {
		this.#link = link;
		this.#byRequest.clear();
		this.#inFlight.clear();
		this.flush();
	}

	/** The link went away; unacked writes stay `written` and are re-sent on the next link. */
	detach(): void {
		this.#link = null;
		this.#byRequest.clear();
		this.#inFlight.clear();
	}

	/**
	 * The ack of a `message.send` is any frame with its id (doc/protocol.md); give the echoed
	 * `message` the `client_msg_id` if the server left it out, so it replaces the local row.
	 */
	enrichAck(frame: ServerFrameOf<'message'>): void {
		if (frame.id === undefined || frame.payload.client_msg_id) return;
		const client_msg_id = this.#byRequest.get(frame.id);
		if (client_msg_id) frame.payload.client_msg_id = client_msg_id;
	}

	/** Send everything pending now if a link is ready; safe to call at any time. */
	flush(): void {
		this.#runner.kick();
	}

	async #run(): Promise<void> {
		try {
			for (const row of await pending(this.db)) {
				const link = this.#link;
				if (!link?.ready || this.clock.now() < this.#pausedUntil) return;
				if (this.#inFlight.has(row.client_msg_id)) continue;
				// Behind a running turn: it waits here, where Cancel and Edit still reach it. (One
				// already written before a drop goes again: the gateway may have it already.)
				if (row.state === 'queued' && this.held(row.chat_id)) continue;
				if (row.state === 'written' && row.attempts >= MAX_WRITES) {
					await markFailed(this.db, row.client_msg_id, 'Not delivered');
					continue;
				}
				// A message with attachments goes out only once its uploads are done.
				if (row.media_refs?.length) {
					const uploads = await uploadsState(this.db, row.media_refs);
					if (uploads.state === 'pending') continue;
					if (uploads.state === 'failed') {
						await markFailed(this.db, row.client_msg_id, `Not delivered: ${uploads.error}`);
						continue;
					}
				}
				await this.#write(link, row);
			}
		} catch (e) {
			this.report(`could not send the outbox: ${(e as Error).message}`);
		}
	}

	async #write(link: Link, row: OutboxRow): Promise<void> {
		this.#inFlight.add(row.client_msg_id);
		// Re-read in the write's transaction: a Cancel or Edit since `pending()` wins.
		if (!(await markWritten(this.db, row.client_msg_id))) {
			this.#inFlight.delete(row.client_msg_id);
			return;
		}
		const { id, answer } = link.request({
			type: 'message.send',
			chat_id: row.chat_id,
			...(row.thread_id !== undefined ? { thread_id: row.thread_id } : {}),
			payload: {
				text: row.text,
				client_msg_id: row.client_msg_id,
				...(row.reply_to !== undefined ? { reply_to: row.reply_to } : {}),
				...(row.media_refs?.length ? { media_refs: row.media_refs } : {})
			}
		});
		this.#byRequest.set(id, row.client_msg_id);
		answer.then(
			() => {
				// Acked: its row goes with the ack's batch; not written again meanwhile (above).
			},
			async (e: Error) => {
				this.#inFlight.delete(row.client_msg_id);
				// A dropped link is the reconnect's business: the row stays `written`.
				if (e instanceof ConnectionClosedError) return;
				if (e instanceof RequestError && e.code === 'rate_limited') {
					return this.#defer(row.client_msg_id, e.retryAfterMs);
				}
				const reason =
					e instanceof RequestTimeoutError
						? 'Not delivered: no answer from the gateway'
						: e instanceof RequestError
							? `Not delivered: ${refusal(e)}`
							: `Not delivered: ${e.message}`;
				this.report(`${row.client_msg_id}: ${reason}`);
				await markFailed(this.db, row.client_msg_id, reason).catch(() => {});
			}
		);
	}

	/**
	 * The gateway limits how fast messages go: keep the message (queued, the write not counted),
	 * say so on it, send nothing until the hinted time, then send again in order.
	 */
	async #defer(client_msg_id: string, hintMs: number | undefined): Promise<void> {
		const wait = Math.max(0, hintMs ?? RATE_LIMIT_DEFAULT_WAIT_MS);
		this.#pausedUntil = Math.max(this.#pausedUntil, this.clock.now() + wait);
		const note = `Waiting: the gateway limits how fast messages go; retrying in ${Math.max(1, Math.ceil(wait / 1000))} s`;
		this.report(`${client_msg_id}: rate limited, retrying in ${wait} ms`);
		await markDeferred(this.db, client_msg_id, note).catch(() => {});
		if (this.#resumeScheduled) return;
		this.#resumeScheduled = true;
		this.clock.setTimeout(() => {
			this.#resumeScheduled = false;
			this.flush();
		}, this.#pausedUntil - this.clock.now());
	}
}

/**
 * A gateway refusal in the user's words. `not_found` naming the `chat_id` means the gateway no
 * longer has the channel (deleted elsewhere, or a gateway reset without its state): Retry cannot
 * help, so say so instead of showing the raw `unknown chat_id "…"`.
 */
function refusal(e: RequestError): string {
	if (e.code === 'not_found' && /chat_id/.test(e.message)) {
		return 'this channel no longer exists on the gateway';
	}
	return e.message || e.code;
}
