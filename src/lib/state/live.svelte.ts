/**
 * A Dexie `liveQuery` as rune state: `current` follows the database ("the database is the single
 * source of truth", doc/architecture.md). The query is given the store's current database each
 * time it runs, and runs again from scratch when the store is switched (doc/storage.md). Call
 * `dispose()` when the view goes away.
 */
import { liveQuery } from 'dexie';
import type { IrisDB } from '../db/schema';
import type { Store } from './store.svelte';

export class LiveQuery<T> {
	current = $state<T>() as T;
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** False until the first result arrived. */
	loaded = $state(false);
	readonly #store: Store;
	readonly #query: (db: IrisDB) => Promise<T> | T;
	readonly #onValue: ((value: T) => void) | undefined;
	readonly #unwatch: () => void;
	#subscription: { unsubscribe(): void };

	constructor(
		store: Store,
		query: (db: IrisDB) => Promise<T> | T,
		initial: T,
		onValue?: (value: T) => void
	) {
		this.current = initial;
		this.#store = store;
		this.#query = query;
		this.#onValue = onValue;
		this.#subscription = this.#subscribe();
		// Also revives a query that errored on the store that failed.
		this.#unwatch = store.onSwitch(() => this.#restart());
	}

	dispose(): void {
		this.#unwatch();
		this.#subscription.unsubscribe();
	}

	#restart(): void {
		this.#subscription.unsubscribe();
		this.#subscription = this.#subscribe();
	}

	#subscribe(): { unsubscribe(): void } {
		return liveQuery(() => this.#query(this.#store.db)).subscribe({
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
