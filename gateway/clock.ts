/**
 * Timestamps for frames the gateway sends.
 *
 * Clients sort and dedupe by `ts`, so two frames from one gateway must never share a timestamp,
 * and a wall-clock step backwards (NTP) must not reorder messages: `next()` is strictly increasing.
 */

/** A strictly increasing epoch-millisecond clock. */
export class MonotonicClock {
	#last = 0;
	readonly #now: () => number;

	/**
	 * `now` returns epoch ms; injectable for tests. `after`: a timestamp already handed out (by an
	 * earlier run, read from the store): every `next()` is later.
	 */
	constructor(now: () => number = Date.now, after = 0) {
		this.#now = now;
		this.#last = after;
	}

	/** The next timestamp in epoch ms: the wall clock, or last + 1 if the wall clock has not moved on. */
	next(): number {
		this.#last = Math.max(this.#now(), this.#last + 1);
		return this.#last;
	}
}
