/**
 * Where in an answer's text each tool card, commentary beat and question began (doc/protocol.md "Turn
 * anatomy"): the length of the text streamed so far when its first frame arrived, so the bubble
 * draws text, cards and text again in the order they came. Measured as frames arrive, not as
 * they are stored: the apply queue writes a batch later, when more text may have come.
 *
 * No frame says where a part sits. A tool frame names its turn only as an extension
 * (`message_id`); without it the part belongs to the channel's current turn
 * (db/apply-turn.ts `turnOf`), here the answer whose start or first text came last in the
 * channel and has not stopped. The measure names the message it was taken on, and the store
 * uses it only for a part of that message.
 */
import type { ServerFrameOf } from '../protocol/iris/frames';
import type { PickerType } from '../db/turn-rows';

/** The frames that begin a part or ask a question within the answer. */
export type PartFrame =
	ServerFrameOf<'tool.start'> | ServerFrameOf<'commentary'> | ServerFrameOf<PickerType>;

export class PartOffsets {
	/** The answer streaming now in each channel, by `chat_id`. */
	readonly #current = new Map<string, string>();
	readonly #latest: (message_id: string) => string | undefined;

	/** `latest`: the text an answer has streamed so far (undefined when it is not streaming). */
	constructor(latest: (message_id: string) => string | undefined) {
		this.#latest = latest;
	}

	/** An answer in `chat_id` started, or streamed its first text. */
	started(chat_id: string, message_id: string): void {
		this.#current.set(chat_id, message_id);
	}

	/** An answer stopped: it is no channel's current turn any more. */
	stopped(message_id: string): void {
		for (const [chat_id, id] of this.#current) if (id === message_id) this.#current.delete(chat_id);
	}

	/**
	 * `frame` with its part's place in the text (`text_at`: the message measured and the length
	 * of its text, UTF-16 code units), or without one when no answer of the channel is streaming
	 * or the frame is not `live`: a `sync` replay sends a stream's text as its newest update,
	 * not where it stood when the part began. A `text_at` the gateway sent is never kept: it is
	 * the worker's own measure.
	 */
	measure<F extends PartFrame>(frame: F, chat_id: string, live = true): F {
		const payload = { ...frame.payload };
		delete payload.text_at;
		const message_id = payload.message_id ?? this.#current.get(chat_id);
		const text = message_id === undefined || !live ? undefined : this.#latest(message_id);
		if (message_id === undefined || text === undefined) return { ...frame, payload };
		return { ...frame, payload: { ...payload, text_at: { message_id, offset: text.length } } };
	}
}
