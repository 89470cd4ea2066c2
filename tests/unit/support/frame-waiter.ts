/**
 * Waiting for a frame in a test client's growing list of received frames: resolves with the first
 * frame at index ≥ `from` that matches, now or when one arrives; rejects after 4 s naming what was
 * received instead. The client calls `wake()` after every frame it stores.
 */

const WAIT_MS = 4000;

export class FrameWaiter<F> {
	readonly #frames: readonly F[];
	readonly #types: () => string[];
	#waiters: (() => void)[] = [];

	/** `frames`: the client's list (read live); `types`: what it got, for the timeout message. */
	constructor(frames: readonly F[], types: () => string[]) {
		this.#frames = frames;
		this.#types = types;
	}

	/** Call after a frame was appended to the list. */
	wake(): void {
		for (const wake of [...this.#waiters]) wake();
	}

	/** The first frame at index ≥ `from` matching `pred`, waiting for it if needed. */
	waitFor(pred: (f: F) => boolean, from = 0, what = 'frame'): Promise<F> {
		const found = (): F | undefined => this.#frames.slice(from).find(pred);
		const hit = found();
		if (hit !== undefined) return Promise.resolve(hit);
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.#waiters = this.#waiters.filter((w) => w !== wake);
				reject(new Error(`timed out waiting for ${what}; got ${this.#types().join(', ')}`));
			}, WAIT_MS);
			const wake = (): void => {
				const f = found();
				if (f === undefined) return;
				clearTimeout(timer);
				this.#waiters = this.#waiters.filter((w) => w !== wake);
				resolve(f);
			};
			this.#waiters.push(wake);
		});
	}
}
