/**
 * Token buckets by key (an address, a device id): each key holds up to `burst` tokens and gains
 * `perSecond` back per second; an action takes one. Time comes from `now` (epoch ms, injectable
 * for tests). Keys whose bucket is full again are forgotten, and at most `maxKeys` are kept (the
 * least recently used go first), so a flood of new keys cannot grow the map without bound.
 */

/** A bucket's size and refill. */
export interface RateLimit {
	/** Tokens a full bucket holds: actions allowed at once. */
	burst: number;
	/** Tokens gained back per second. */
	perSecond: number;
}

interface Bucket {
	tokens: number;
	at: number;
}

/** Keyed token buckets. */
export class RateLimiter {
	readonly #buckets = new Map<string, Bucket>();

	constructor(
		readonly limit: RateLimit,
		private readonly now: () => number = Date.now,
		private readonly maxKeys = 10_000
	) {}

	#bucket(key: string): Bucket {
		const now = this.now();
		const b = this.#buckets.get(key);
		if (!b) return { tokens: this.limit.burst, at: now };
		const tokens = Math.min(
			this.limit.burst,
			b.tokens + ((now - b.at) / 1000) * this.limit.perSecond
		);
		return { tokens, at: now };
	}

	#store(key: string, b: Bucket): void {
		if (b.tokens >= this.limit.burst) {
			this.#buckets.delete(key);
			return;
		}
		this.#buckets.delete(key);
		this.#buckets.set(key, b);
		if (this.#buckets.size > this.maxKeys) this.#sweep();
	}

	/** Drop full buckets; if still too many, the least recently used. */
	#sweep(): void {
		for (const key of [...this.#buckets.keys()]) {
			if (this.#bucket(key).tokens >= this.limit.burst) this.#buckets.delete(key);
		}
		for (const key of this.#buckets.keys()) {
			if (this.#buckets.size <= this.maxKeys) break;
			this.#buckets.delete(key);
		}
	}

	/** Whether `key` has a token now (nothing is taken). */
	allows(key: string): boolean {
		return this.#bucket(key).tokens >= 1;
	}

	/** Take a token for `key`; false (nothing taken) when its bucket is empty. */
	take(key: string): boolean {
		const b = this.#bucket(key);
		if (b.tokens < 1) {
			this.#store(key, b);
			return false;
		}
		this.#store(key, { tokens: b.tokens - 1, at: b.at });
		return true;
	}

	/** Milliseconds until `key` has a token again (0 when it has one now). */
	waitMs(key: string): number {
		const { tokens } = this.#bucket(key);
		if (tokens >= 1) return 0;
		return this.limit.perSecond > 0
			? Math.ceil(((1 - tokens) / this.limit.perSecond) * 1000)
			: Infinity;
	}
}
