/**
 * How fast an answer came, as this device saw it live: from its `message.start` to its first
 * text, and from that first text to its `message.stop`. Only answers followed live get timings
 * (frames replayed by a reconnect's sync arrive at the link's pace, not the agent's), and a
 * figure is only as good as the link: it is what the reader waited, not the agent's own timing.
 *
 * Time the agent said it was not writing (`agent.busy` with reason `tool` or `waiting_input`,
 * until its next reason, its idle or the answer's next words) is left out of the stream time: the
 * speed is how fast the words came while they came, not what a tool run or an approval took.
 * Time to the first words leaves out the time spent waiting for the reader only (a question or
 * an approval asked before any text); a tool run before the first words is the agent's.
 */
import type { Clock } from '../platform/clock';
import type { AnswerTimingRow } from '../db/schema';

/** Open answers followed at once: enough for every channel's turn; the oldest are dropped. */
const MAX_OPEN = 64;

/** What the agent said it waits on, besides writing: a tool's run, or the reader. */
export type AnswerWait = 'tool' | 'reader';

interface Open {
	chat_id: string;
	/** Epoch ms of the `message.start`; undefined when the answer opened with its first text. */
	start?: number;
	/** Epoch ms of its first non-empty text. */
	first?: number;
	/** The wait going on now, and since when (epoch ms). */
	wait?: { on: AnswerWait; since: number };
	/** Ms spent waiting for the reader before the first text. */
	readerBeforeFirst: number;
	/** Ms spent waiting (on anything) after the first text. */
	waitedAfterFirst: number;
}

export class AnswerTiming {
	readonly #clock: Clock;
	readonly #live: () => boolean;
	readonly #open = new Map<string, Open>();
	readonly #stopped = new Map<string, AnswerTimingRow>();
	/** The wait each channel's agent said it is in now: an answer opened meanwhile starts in it. */
	readonly #waits = new Map<string, AnswerWait>();

	/** `live()` is false while frames are a replay (a reconnect's sync): nothing is timed then. */
	constructor(clock: Clock, live: () => boolean) {
		this.#clock = clock;
		this.#live = live;
	}

	/** A `message.start` arrived in `chat_id`. */
	start(message_id: string, chat_id: string): void {
		if (!this.#live() || this.#open.has(message_id)) return;
		this.#remember(message_id, this.#opened(chat_id, this.#clock.now()));
	}

	/**
	 * Text arrived for `message_id` (`empty`: an update with no text yet, e.g. reasoning only). An
	 * answer first seen by its text (Hermes Chat v3 sends no start) still gets its speed, if that
	 * is its `first` text: one this device already had text of (a reload's sync replayed the
	 * beginning) is not timed, as its tokens came over more time than would be seen.
	 */
	text(message_id: string, empty: boolean, chat_id: string, first = true): void {
		if (empty || !this.#live()) return;
		let open = this.#open.get(message_id);
		if (!open) {
			if (!first) return;
			this.#remember(message_id, (open = this.#opened(chat_id)));
		}
		// Words came: the agent writes again, whatever it said it waited on.
		this.#endWait(open);
		open.first ??= this.#clock.now();
	}

	/**
	 * What the agent in `chat_id` said it does now (`agent.busy`'s reason as a wait, undefined for
	 * `processing`, `agent.idle` or a dropped link): applies to its answers open there.
	 */
	waiting(chat_id: string, on: AnswerWait | undefined): void {
		if (on) this.#waits.set(chat_id, on);
		else this.#waits.delete(chat_id);
		for (const open of this.#open.values()) {
			if (open.chat_id !== chat_id || open.wait?.on === on) continue;
			this.#endWait(open);
			if (on) open.wait = { on, since: this.#clock.now() };
		}
	}

	/**
	 * The answer's `message.stop` arrived: its timings are kept for the stop's write to `take`
	 * (none when it was not followed live or had no text).
	 */
	stop(message_id: string): void {
		const open = this.#open.get(message_id);
		this.#open.delete(message_id);
		if (!open || open.first === undefined || !this.#live()) return;
		this.#endWait(open);
		const now = this.#clock.now();
		const timing: AnswerTimingRow = {
			stream_ms: Math.max(0, now - open.first - open.waitedAfterFirst)
		};
		if (open.start !== undefined) {
			timing.first_text_ms = Math.max(0, open.first - open.start - open.readerBeforeFirst);
		}
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

	#opened(chat_id: string, start?: number): Open {
		const open: Open = { chat_id, readerBeforeFirst: 0, waitedAfterFirst: 0 };
		if (start !== undefined) open.start = start;
		const on = this.#waits.get(chat_id);
		if (on) open.wait = { on, since: this.#clock.now() };
		return open;
	}

	/** The wait going on ends now: count it where it belongs. */
	#endWait(open: Open): void {
		if (!open.wait) return;
		const ms = Math.max(0, this.#clock.now() - open.wait.since);
		if (open.first !== undefined) open.waitedAfterFirst += ms;
		else if (open.wait.on === 'reader') open.readerBeforeFirst += ms;
		delete open.wait;
	}

	#remember(message_id: string, open: Open): void {
		this.#open.set(message_id, open);
		if (this.#open.size > MAX_OPEN) this.#open.delete(this.#open.keys().next().value as string);
	}

	/** The link changed: what was open will be replayed, not followed live. */
	reset(): void {
		this.#open.clear();
		this.#waits.clear();
	}
}
