/**
 * A Dexie `liveQuery` as rune state: `current` follows the database (GUIDE "The database is the
 * single source of truth"). Call `dispose()` when the view goes away.
 */
import { liveQuery } from 'dexie';

export class LiveQuery<T> {
	/** Every live query not yet disposed (restarted when the app changes stores). */
	// Not reactive on purpose: a registry, never rendered.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	static readonly #live = new Set<LiveQuery<unknown>>();

	current = $state<T>() as T;
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** False until the first result arrived. */
	loaded = $state(false);
	readonly #query: () => Promise<T> | T;
	readonly #onValue: ((value: T) => void) | undefined;
	#subscription: { unsubscribe(): void };

	constructor(query: () => Promise<T> | T, initial: T, onValue?: (value: T) => void) {
		this.current = initial;
		this.#query = query;
		this.#onValue = onValue;
		this.#subscription = this.#subscribe();
		LiveQuery.#live.add(this as LiveQuery<unknown>);
	}

	/**
	 * Re-run every live query from scratch: the app moved to another store (doc/storage.md), and
	 * queries read `app.db` when they run. Also revives queries that errored meanwhile.
	 */
	static restartAll(): void {
		for (const q of LiveQuery.#live) q.#restart();
	}

	dispose(): void {
		this.#subscription.unsubscribe();
		LiveQuery.#live.delete(this as LiveQuery<unknown>);
	}

	#restart(): void {
		this.#subscription.unsubscribe();
		this.#subscription = this.#subscribe();
	}

	#subscribe(): { unsubscribe(): void } {
		return liveQuery(this.#query).subscribe({
			next: (value) => {
				this.current = value;
				this.loaded = true;
				this.error = null;
				this.#onValue?.(value);
			},
			error: (e: unknown) => {
				this.error = e instanceof Error ? e : new Error(String(e));
				this.loaded = true;
			}
		});
	}
}
