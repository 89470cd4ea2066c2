/**
 * A Dexie `liveQuery` as rune state: `current` follows the database ("the database is the single
 * source of truth", doc/architecture.md). The query is given the store's current database each
 * time it runs, and runs again from scratch when the store is switched (doc/storage.md). Call
 * `dispose()` when the view goes away.
 */
import { Dexie, liveQuery } from 'dexie';
import type { IrisDB } from '../db/schema';
import { sameValue } from './same-value';
import type { Store } from './store.svelte';

/** What a query holds once it has unsubscribed. */
const CLOSED = { unsubscribe(): void {} };

/**
 * Storage mutation events (Dexie's `storagemutated`: a commit of this page's or the worker's)
 * after which a query that has delivered nothing since is subscribed afresh. Dexie's live query
 * keeps each mutation it hears of that does not concern it, with every key written, until its
 * query runs again: a query that does not run again (a setting, the channel list while another
 * channel streams) kept every message key a long session wrote (bench/README.md "Long-session
 * memory"). A fresh subscription reads once and starts with nothing kept; a result equal to the
 * one shown (`sameValue`) is not delivered again. A subscription that never delivered (Dexie drops
 * a first run that fails with `AbortError`) is retried the same way.
 */
export const RECYCLE_AFTER = 200;

/** `storagemutated` events seen since the first query. */
let mutations = 0;
/** The recycle checks of the open queries. */
// Bookkeeping, not state anything renders from: a plain Set.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const openQueries = new Set<() => void>();

function countMutations(): void {
	mutations += 1;
	// Checked now and then, and after Dexie's listeners have run: a query's restart unsubscribes
	// one of them, which must not happen while Dexie walks its list.
	if (mutations % 16 === 0) queueMicrotask(() => openQueries.forEach((check) => check()));
}
let counting = false;

export class LiveQuery<T> {
	// Raw: every result is a fresh array of fresh rows (never changed in place), and a deep proxy
	// would give each row and field a source of its own, kept as long as the result.
	current = $state.raw<T>() as T;
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** False until the first result arrived. */
	loaded = $state(false);
	readonly #store: Store;
	readonly #query: (db: IrisDB) => Promise<T> | T;
	readonly #onValue: ((value: T) => void) | undefined;
	readonly #onError: ((error: Error) => void) | undefined;
	readonly #unwatch: () => void;
	#subscription: { unsubscribe(): void };
	/** `mutations` when the subscription started or last delivered. */
	#deliveredAt = mutations;
	/** Subscribed afresh only to drop what Dexie kept: an equal first result is not news. */
	#recycled = false;
	readonly #recycle = () => {
		if (mutations - this.#deliveredAt < RECYCLE_AFTER) return;
		this.#restart();
		this.#recycled = true;
	};

	/**
	 * Follow `query` on `store` (`current` is `initial` until the first result). `onValue` hears
	 * each result shown, `onError` each failed read (also kept in `error`).
	 */
	constructor(
		store: Store,
		query: (db: IrisDB) => Promise<T> | T,
		initial: T,
		onValue?: (value: T) => void,
		onError?: (error: Error) => void
	) {
		this.current = initial;
		this.#store = store;
		this.#query = query;
		this.#onValue = onValue;
		this.#onError = onError;
		this.#subscription = this.#subscribe();
		// Also revives a query that errored on the store that failed.
		this.#unwatch = store.onSwitch(() => this.#restart());
		if (!counting) {
			counting = true;
			Dexie.on('storagemutated', countMutations);
		}
		openQueries.add(this.#recycle);
	}

	dispose(): void {
		openQueries.delete(this.#recycle);
		this.#unwatch();
		this.#close();
	}

	#restart(): void {
		this.#close();
		this.#subscription = this.#subscribe();
		this.#deliveredAt = mutations;
		this.#recycled = false;
	}

	/**
	 * End the subscription and let go of it (bench/README.md "Long-session memory"). Dexie keeps a
	 * query's context (its querier, its observer, its aborted signal) for as long as a cache entry
	 * that query made is in use, which can be long after the query ended. Two things kept every
	 * conversation a session showed alive through those contexts, each reachable from the next:
	 * - the querier and observer held this object, and through the query the view that made it;
	 *   they now reach it through `link`, which is cut here;
	 * - the `DOMException` of the abort Dexie does on unsubscribe keeps the objects of every frame
	 *   on the stack it was made in: ended inside a Svelte update, that was Svelte's batch and every
	 *   value it changed. The subscription is ended from a microtask of its own instead.
	 */
	#close(): void {
		this.#subscription.unsubscribe();
		this.#subscription = CLOSED;
	}

	#receive(value: T): void {
		this.#deliveredAt = mutations;
		const unchanged = this.#recycled && this.loaded && sameValue(value, this.current);
		this.#recycled = false;
		if (unchanged) {
			this.error = null;
			return;
		}
		this.current = value;
		this.loaded = true;
		this.error = null;
		this.#onValue?.(value);
	}

	#fail(e: unknown): void {
		this.#deliveredAt = mutations;
		this.#recycled = false;
		this.error = e instanceof Error ? e : new Error(String(e));
		this.loaded = true;
		this.#onError?.(this.error);
	}

	#subscribe(): { unsubscribe(): void } {
		// No closure below uses `this`: once cut, what Dexie keeps does not reach this object.
		// Values that arrive after the cut (before the microtask ends the subscription) are dropped.
		const link: { to?: LiveQuery<T> } = { to: this };
		const subscription = liveQuery(() => {
			const to = link.to;
			return to ? to.#query(to.#store.db) : undefined;
		}).subscribe({
			// Delivered while linked, `undefined` included (e.g. a meta key not set); the querier's
			// own `undefined` after the cut never arrives here, as `link.to` is gone by then.
			next: (value) => {
				const to = link.to;
				if (to) to.#receive(value as T);
			},
			error: (e: unknown) => {
				const to = link.to;
				if (to) to.#fail(e);
			}
		});
		return {
			unsubscribe: () => {
				link.to = undefined;
				endLater(subscription);
			}
		};
	}
}

/** Unsubscribe from a microtask: module scope, so the closure holds nothing but `subscription`. */
function endLater(subscription: { unsubscribe(): void }): void {
	queueMicrotask(() => subscription.unsubscribe());
}
