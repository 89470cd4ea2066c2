/**
 * A pause for the demo agent's streaming steps, switched by the test hooks (`/__test/hold`,
 * `/__test/release`, see ./test-hooks.ts). A test that must see a turn *while* it streams cannot
 * rely on a slow step: on a loaded machine the browser may fall behind until the turn is over.
 * Holding the steps leaves the turn open, with exactly what it streamed so far, for as long as
 * the test needs.
 */
export class StepHold {
	/** Steps still let through before holding; `undefined`: not holding. */
	#left: number | undefined;
	#waiting = new Set<() => void>();

	/**
	 * Let `steps` more steps run (in all turns together; steps held now come first), then hold
	 * every later step until `release()`. Throws a `RangeError` unless `steps` is a non-negative
	 * integer.
	 */
	holdAfter(steps: number): void {
		if (!Number.isInteger(steps) || steps < 0) throw new RangeError(`steps must be ≥ 0: ${steps}`);
		this.#left = steps;
		for (const resume of [...this.#waiting]) {
			if (this.#left === 0) break;
			this.#left -= 1;
			this.#waiting.delete(resume);
			resume();
		}
	}

	/** Let every held step, and all later ones, run. */
	release(): void {
		this.#left = undefined;
		const waiting = [...this.#waiting];
		this.#waiting.clear();
		for (const resume of waiting) resume();
	}

	/** How many steps are held now. */
	get held(): number {
		return this.#waiting.size;
	}

	/**
	 * Resolves when the next step may run: at once unless holding. Rejects with `signal`'s reason
	 * when it aborts first (`agent.stop`, gateway shutdown): a held turn can still be stopped.
	 */
	async pass(signal: AbortSignal): Promise<void> {
		if (this.#left === undefined) return;
		if (this.#left > 0) {
			this.#left -= 1;
			return;
		}
		signal.throwIfAborted();
		await new Promise<void>((resolve, reject) => {
			const resume = () => {
				signal.removeEventListener('abort', onAbort);
				resolve();
			};
			const onAbort = () => {
				this.#waiting.delete(resume);
				reject(signal.reason as Error);
			};
			this.#waiting.add(resume);
			signal.addEventListener('abort', onAbort, { once: true });
		});
	}
}
