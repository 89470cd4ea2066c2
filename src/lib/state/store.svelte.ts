/**
 * The store the page reads, which can change while the app runs: the app moves to an in-memory
 * store when IndexedDB fails, and each gateway has a store of its own (doc/storage.md). Every
 * state class holds the `Store`, never an `IrisDB`: it reads `store.db` when it reads, and its live
 * queries run again on the new store when it is switched (`LiveQuery` subscribes to `onSwitch`).
 */
import type { IrisDB } from '../db/schema';

export class Store {
	/** The database reads go to now. */
	db = $state.raw<IrisDB>() as IrisDB;
	// Not reactive on purpose: a list of callbacks, never rendered.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #listeners = new Set<(db: IrisDB) => void>();

	constructor(db: IrisDB) {
		this.db = db;
	}

	/** Read from `db` from now on; every live query on this store runs again there. */
	switchTo(db: IrisDB): void {
		if (db === this.db) return;
		this.db = db;
		for (const listener of [...this.#listeners]) listener(db);
	}

	/** Call `listener` after each switch; returns the unsubscribe. */
	onSwitch(listener: (db: IrisDB) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}
}
