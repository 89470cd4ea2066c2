/**
 * The Inbox (route `/inbox`, doc/inbox.md): what the scheduled jobs delivered, grouped
 * by job, live from the store, and how many entries came since it was last looked at.
 */
import { inboxItems, inboxReadTs, inboxUnread, markInboxRead, type InboxItem } from '../db/inbox';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';

/** The Inbox's unread count for the sidebar, live. */
export class InboxCount {
	readonly #query: LiveQuery<number>;

	constructor(store: Store) {
		this.#query = new LiveQuery(store, inboxUnread, 0);
	}

	get count(): number {
		return this.#query.current;
	}

	dispose(): void {
		this.#query.dispose();
	}
}

/** The Inbox's entries, newest first, and when it was last looked at before this view opened. */
export class InboxView {
	readonly #items: LiveQuery<InboxItem[]>;
	readonly #store: Store;
	/** `inbox_read_ts` as it was when this view opened: entries after it show as new. */
	seenUpTo = $state<number | undefined>(undefined);

	constructor(store: Store) {
		this.#store = store;
		this.#items = new LiveQuery(store, inboxItems, []);
		// Unless `restore` gave the mark of an earlier visit (Back from a report) first.
		void inboxReadTs(store.db).then(
			(ts) => (this.seenUpTo ??= ts),
			() => (this.seenUpTo ??= 0)
		);
	}

	get items(): InboxItem[] {
		return this.#items.current;
	}

	get loaded(): boolean {
		return this.#items.loaded && this.seenUpTo !== undefined;
	}

	/** Back to this visit of the Inbox (history navigation): its entries new then stay marked. */
	restore(seenUpTo: number): void {
		this.seenUpTo = seenUpTo;
	}

	/** Everything listed now has been seen (the view is on screen). */
	markSeen(): void {
		const newest = this.items[0]?.ts;
		if (newest === undefined) return;
		markInboxRead(this.#store.db, newest).catch((e: unknown) =>
			console.warn('[inbox] could not store what was seen', e)
		);
	}

	dispose(): void {
		this.#items.dispose();
	}
}
