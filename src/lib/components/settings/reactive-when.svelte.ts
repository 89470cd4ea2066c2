/**
 * Waiting on rune state from plain async code (Settings' export: a link still being opened, a
 * link or store that goes away meanwhile), by an `$effect` of its own, not by polling.
 */

/** A wait started by `when`. */
export interface When {
	/** Resolves once the condition held (or the wait timed out); never rejects. */
	promise: Promise<void>;
	/** Whether it resolved. */
	readonly done: boolean;
	/** Stop watching (the promise then never resolves, if it had not). */
	stop: () => void;
}

/**
 * Resolve once `condition()` (which reads rune state) is true, or after `ms` milliseconds when
 * given. Call `stop()` when no longer interested.
 */
export function when(condition: () => boolean, ms?: number): When {
	let resolve!: () => void;
	const promise = new Promise<void>((r) => (resolve = r));
	let done = false;
	let ended = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const end = () => {
		if (ended) return;
		ended = true;
		clearTimeout(timer);
		// Not from inside the effect's own run: the root is ended after it.
		queueMicrotask(() => root());
	};
	const finish = () => {
		if (done || ended) return;
		done = true;
		resolve();
		end();
	};
	if (ms !== undefined) timer = setTimeout(finish, ms);
	const root = $effect.root(() => {
		$effect(() => {
			if (condition()) finish();
		});
	});
	return {
		promise,
		get done() {
			return done;
		},
		stop: end
	};
}
