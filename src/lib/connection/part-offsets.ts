/**
 * Where in an answer's text each tool card, commentary beat and question began (doc/protocol.md
 * "Streaming"): the length of the text streamed so far when its first frame arrived, so the
 * bubble draws text, cards and text again in the order they came. Measured as frames arrive, not
 * as they are stored: the apply queue writes a batch later, when more text may have come. Not
 * measured where the text kept may be older than the frame: in a `sync` replay, and from a drop
 * of the link until its `sync` caught up. A text replaced rather than extended (an update, or a
 * final text that does not begin with what streamed) makes the places unfit (`stopped`).
 *
 * No frame says where a part sits. A tool frame names its turn only as an extension
 * (`message_id`); without it the part belongs to the channel's current turn
 * (db/apply-turn.ts `turnOf`), here the answer whose start or first text came last in the
 * channel and has not stopped. The measure names the message it was taken on, and the store
 * uses it only for a part of that message.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { Measured, PickerType } from '../db/turn-rows';

/** The frames that begin a part or ask a question within the answer. */
export type PartFrame = Extract<ServerFrame, { type: 'tool.start' | 'commentary' | PickerType }>;

export class PartOffsets {
	/** The answer streaming now in each channel, by `chat_id`. */
	readonly #current = new Map<string, string>();
	/** Answers a place was measured on, while they stream. */
	readonly #measured = new Set<string>();
	/** Answers whose text a `message.update` replaced while they streamed. */
	readonly #rewritten = new Set<string>();
	#paused = false;
	/** Drops of the link so far; `resume` ends only the pause the caught-up sync began after. */
	#drops = 0;
	#syncAfter = 0;
	readonly #latest: (message_id: string) => string | undefined;

	/** `latest`: the text an answer has streamed so far (undefined when it is not streaming). */
	constructor(latest: (message_id: string) => string | undefined) {
		this.#latest = latest;
	}

	/** An answer in `chat_id` started, or streamed its first text. */
	started(chat_id: string, message_id: string): void {
		this.#current.set(chat_id, message_id);
	}

	/**
	 * Whether a place was measured on this answer: only then does a replaced text matter (and is
	 * looked for: the stream buffer itself does not compare texts per update).
	 */
	measuredOn(message_id: string): boolean {
		return this.#measured.has(message_id);
	}

	/** A `message.update` replaced the answer's text instead of extending it. */
	rewritten(message_id: string): void {
		this.#rewritten.add(message_id);
	}

	/**
	 * An answer stopped: it is no channel's current turn any more. Returns whether the places
	 * measured on it no longer fit its final text: it was rewritten while it streamed, or its
	 * `final` text does not begin with what `streamed` (both undefined when not known).
	 */
	stopped(message_id: string, streamed?: string, final?: string): boolean {
		for (const [chat_id, id] of this.#current) if (id === message_id) this.#current.delete(chat_id);
		const rewritten = this.#rewritten.delete(message_id);
		if (!this.#measured.delete(message_id)) return false;
		return (
			rewritten || (streamed !== undefined && final !== undefined && !final.startsWith(streamed))
		);
	}

	/**
	 * Stop measuring (the link went down: the texts kept may be older than the frames the
	 * gateway sends as soon as the link is back) until `resume` (its `sync` caught up).
	 */
	pause(): void {
		this.#paused = true;
		this.#drops += 1;
	}

	/** A `sync` started (after the last drop). */
	syncing(): void {
		this.#syncAfter = this.#drops;
	}

	/**
	 * That `sync` caught up: measure again, unless the link dropped since it started (the `sync`
	 * then ended by failing, and the texts are as old as before).
	 */
	resume(): void {
		if (this.#syncAfter === this.#drops) this.#paused = false;
	}

	/**
	 * `frame` with its part's place in the text (`text_at`: the message measured and the length
	 * of its text, UTF-16 code units), or without one when no answer of the channel is streaming
	 * or the frame is not `live`: a `sync` replay sends a stream's text as its newest update,
	 * not where it stood when the part began (nor while paused). A `text_at` the gateway sent is never kept: it is
	 * the worker's own measure.
	 */
	measure(frame: PartFrame, chat_id: string, live = true): PartFrame {
		const payload: Measured<PartFrame['payload']> = { ...frame.payload };
		delete payload.text_at;
		const message_id = payload.message_id ?? this.#current.get(chat_id);
		const measuring = live && !this.#paused;
		const text = message_id === undefined || !measuring ? undefined : this.#latest(message_id);
		if (message_id !== undefined && text !== undefined) {
			payload.text_at = { message_id, offset: text.length };
			this.#measured.add(message_id);
		}
		return { ...frame, payload } as PartFrame;
	}
}
