/**
 * How fast an answer came, as this device saw it live: from its `message.start` to its first
 * text, and from that first text to its `message.stop`. Only answers followed live get timings
 * (frames replayed by a reconnect's sync arrive at the link's pace, not the agent's), and a
 * figure is only as good as the link: it is what the reader waited, not the agent's own timing.
 */
import type { Clock } from '../platform/clock';
import type { AnswerTimingRow } from '../db/schema';

/** Open answers followed at once: enough for every channel's turn; the oldest are dropped. */
const MAX_OPEN = 64;

interface Open {
	/** Epoch ms of the `message.start`; undefined when the answer opened with its first text. */
	start?: number;
	/** Epoch ms of its first non-empty text. */
	first?: number;
}

export class AnswerTiming {
	readonly #clock: Clock;
	readonly #live: () => boolean;
	readonly #open = new Map<string, Open>();
	readonly #stopped = new Map<string, AnswerTimingRow>();

	/** `live()` is false while frames are a replay (a reconnect's sync): nothing is timed then. */
	constructor(clock: Clock, live: () => boolean) {
		this.#clock = clock;
		this.#live = live;
	}

	/** A `message.start` arrived. */
	start(message_id: string): void {
		if (!this.#live() || this.#open.has(message_id)) return;
		this.#remember(message_id, { start: this.#clock.now() });
	}

	/**
	 * Text arrived for `message_id` (`empty`: an update with no text yet, e.g. reasoning only). An
	 * answer first seen by its text (Hermes Chat v3 sends no start) still gets its speed.
	 */
	text(message_id: string, empty: boolean): void {
		if (empty || !this.#live()) return;
		let open = this.#open.get(message_id);
		if (!open) this.#remember(message_id, (open = {}));
		open.first ??= this.#clock.now();
	}

	/**
	 * The answer's `message.stop` arrived: its timings are kept for the stop's write to `take`
	 * (none when it was not followed live or had no text).
	 */
	stop(message_id: string): void {
		const open = this.#open.get(message_id);
		this.#open.delete(message_id);
		if (!open || open.first === undefined || !this.#live()) return;
		const timing: AnswerTimingRow = { stream_ms: Math.max(0, this.#clock.now() - open.first) };
		if (open.start !== undefined) timing.first_text_ms = Math.max(0, open.first - open.start);
		this.#stopped.set(message_id, timing);
		if (this.#stopped.size > MAX_OPEN) {
			this.#stopped.delete(this.#stopped.keys().next().value as string);
		}
	}

	/** The timings of a stopped answer, once (the write of its `message.stop` stores them). */
	take(message_id: string): AnswerTimingRow | undefined {
		const timing = this.#stopped.get(message_id);
		this.#stopped.delete(message_id);
		return timing;
	}

	#remember(message_id: string, open: Open): void {
		this.#open.set(message_id, open);
		if (this.#open.size > MAX_OPEN) this.#open.delete(this.#open.keys().next().value as string);
	}

	/** The link changed: what was open will be replayed, not followed live. */
	reset(): void {
		this.#open.clear();
	}
}
