import type { Clock, TimerHandle } from '../../../src/lib/platform/clock';

/** A clock whose time moves only when the test calls `advance`. */
export class FakeClock implements Clock {
	#now = 1_700_000_000_000;
	#seq = 0;
	readonly #timers = new Map<number, { at: number; fn: () => void }>();

	now(): number {
		return this.#now;
	}

	setTimeout(fn: () => void, ms: number): TimerHandle {
		const id = ++this.#seq;
		this.#timers.set(id, { at: this.#now + ms, fn });
		return id;
	}

	clearTimeout(handle: TimerHandle): void {
		this.#timers.delete(handle as number);
	}

	/** Timers still pending. */
	get pending(): number {
		return this.#timers.size;
	}

	/** Move time forward by `ms`, firing due timers in order (including ones they schedule). */
	advance(ms: number): void {
		const end = this.#now + ms;
		for (;;) {
			let next: [number, { at: number; fn: () => void }] | undefined;
			for (const entry of this.#timers) {
				if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
			}
			if (!next) break;
			this.#timers.delete(next[0]);
			this.#now = next[1].at;
			next[1].fn();
		}
		this.#now = end;
	}
}
