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

	/** `now` returns epoch ms; injectable for tests. */
	constructor(now: () => number = Date.now) {
		this.#now = now;
	}

	/** The next timestamp in epoch ms: the wall clock, or last + 1 if the wall clock has not moved on. */
	next(): number {
		this.#last = Math.max(this.#now(), this.#last + 1);
		return this.#last;
	}
}
