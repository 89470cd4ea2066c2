/**
 * Reconnect delays (doc/protocol.md "Reconnect and sync"): 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s,
 * each with ±20 % jitter so many clients do not reconnect in lockstep; `reset()` after `hello.ack`.
 */
export interface BackoffOptions {
	/** First delay, ms. Default 1000. */
	initialMs?: number;
	/** Largest delay, ms. Default 30000. */
	maxMs?: number;
	/** Relative jitter, 0..1. Default 0.2 (±20 %). */
	jitter?: number;
	/** Uniform random source in [0, 1). Default `Math.random`. */
	random?: () => number;
	/**
	 * Fixed delays, ms, used in order instead of doubling; the last repeats (v3: 1, 2, 4, 8, 30 s).
	 */
	steps?: readonly number[];
}

/** Hermes Chat v3's reconnect delays (spec "重连"): 1 s → 2 s → 4 s → 8 s → 30 s. */
export const V3_BACKOFF_STEPS_MS: readonly number[] = [1000, 2000, 4000, 8000, 30_000];

export class Backoff {
	readonly #initialMs: number;
	readonly #maxMs: number;
	readonly #jitter: number;
	readonly #random: () => number;
	readonly #steps: readonly number[] | undefined;
	#attempt = 0;

	constructor(options: BackoffOptions = {}) {
		this.#initialMs = options.initialMs ?? 1000;
		this.#maxMs = options.maxMs ?? 30_000;
		this.#jitter = options.jitter ?? 0.2;
		this.#random = options.random ?? Math.random;
		this.#steps = options.steps?.length ? options.steps : undefined;
	}

	/** How many delays have been handed out since the last reset. */
	get attempt(): number {
		return this.#attempt;
	}

	/** The next delay in ms (doubling from `initialMs` capped at `maxMs`, or `steps`; jittered). */
	next(): number {
		const steps = this.#steps;
		const base = steps
			? (steps[Math.min(this.#attempt, steps.length - 1)] ?? this.#maxMs)
			: Math.min(this.#initialMs * 2 ** this.#attempt, this.#maxMs);
		this.#attempt = Math.min(this.#attempt + 1, 30);
		const factor = 1 + this.#jitter * (2 * this.#random() - 1);
		return Math.round(base * factor);
	}

	/** Start again from `initialMs` (after a successful handshake). */
	reset(): void {
		this.#attempt = 0;
	}
}
