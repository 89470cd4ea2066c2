/**
 * A Dexie `liveQuery` as rune state: `current` follows the database (GUIDE "The database is the
 * single source of truth"). Call `dispose()` when the view goes away.
 */
import { liveQuery } from 'dexie';

export class LiveQuery<T> {
	current = $state<T>() as T;
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** False until the first result arrived. */
	loaded = $state(false);
	readonly #subscription: { unsubscribe(): void };

	constructor(query: () => Promise<T> | T, initial: T, onValue?: (value: T) => void) {
		this.current = initial;
		this.#subscription = liveQuery(query).subscribe({
			next: (value) => {
				this.current = value;
				this.loaded = true;
				this.error = null;
				onValue?.(value);
			},
			error: (e: unknown) => {
				this.error = e instanceof Error ? e : new Error(String(e));
				this.loaded = true;
			}
		});
	}

	dispose(): void {
		this.#subscription.unsubscribe();
	}
}
