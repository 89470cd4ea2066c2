/**
 * The latest page of the channels opened or pointed at recently, kept in memory so that switching
 * to one shows its newest messages in the click's own frame instead of after an IndexedDB read
 * (doc/architecture.md "Channel switch"). A page is a snapshot: the channel's `Conversation`
 * starts from it and its live query, starting from the page's oldest row, brings whatever
 * changed since (new messages, edits) right after. Filled by the open conversation (each result
 * of its live query) and by `preread` when the pointer reaches or presses a sidebar link or the
 * keyboard focuses it. One cache per `Store`; emptied when the store switches to another
 * database (another gateway's store, or memory).
 */
import { Dexie } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import type { Store } from './store.svelte';

/** Messages in a channel's first page (the newest ones). */
export const PAGE_SIZE = 200;
/** Channels whose latest page is kept: a few recent ones, a few hundred kB at most. */
export const KEPT_CHANNELS = 8;

/** Read the newest `PAGE_SIZE` messages of `chat_id`, oldest → newest. */
export async function readLatestPage(db: IrisDB, chat_id: string): Promise<MessageRow[]> {
	// Dexie makes this one `getAll({ query, count, direction: 'prev' })` where the browser has
	// IndexedDB 3.0 (Chromium 141+), else a reverse cursor (npm run bench, C2).
	const newestFirst = await db.messages
		.where('[chat_id+ts]')
		.between([chat_id, Dexie.minKey], [chat_id, Dexie.maxKey])
		.reverse()
		.limit(PAGE_SIZE)
		.toArray();
	return newestFirst.reverse();
}

export class ChannelPages {
	/** Most recently used last (a Map keeps insertion order). */
	readonly #pages = new Map<string, readonly MessageRow[]>();
	/** Reads started by `preread`, by channel, so a hover and a press read once. */
	readonly #reading = new Map<string, Promise<void>>();
	readonly #store: Store;
	/** Bumped by a store switch: a read started before it must not fill the new store's cache. */
	#generation = 0;

	constructor(store: Store) {
		this.#store = store;
		store.onSwitch(() => {
			this.#generation += 1;
			this.#pages.clear();
			this.#reading.clear();
		});
	}

	/** The kept page of `chat_id` (oldest → newest), or undefined. */
	get(chat_id: string): readonly MessageRow[] | undefined {
		return this.#pages.get(chat_id);
	}

	/**
	 * Keep the newest `PAGE_SIZE` of `rows` (oldest → newest) as `chat_id`'s latest page. A
	 * channel open for long has more rows loaded than that; kept whole, every channel a long
	 * session visited would hold them all after it was left (bench/README.md "Long-session memory").
	 */
	set(chat_id: string, rows: readonly MessageRow[]): void {
		this.#pages.delete(chat_id);
		this.#pages.set(chat_id, rows.length > PAGE_SIZE ? rows.slice(-PAGE_SIZE) : rows);
		while (this.#pages.size > KEPT_CHANNELS) {
			const oldest = this.#pages.keys().next().value as string;
			this.#pages.delete(oldest);
		}
	}

	/**
	 * Read `chat_id`'s latest page into the cache ahead of its opening (pointer over or down on its
	 * link). Never rejects: a failed read only means the opening reads it itself.
	 */
	preread(chat_id: string): Promise<void> {
		const running = this.#reading.get(chat_id);
		if (running) return running;
		const generation = this.#generation;
		const read = readLatestPage(this.#store.db, chat_id)
			.then((rows) => {
				if (generation === this.#generation) this.set(chat_id, rows);
			})
			.catch((e: unknown) => console.warn('[app] could not pre-read a channel', e))
			.finally(() => {
				if (this.#reading.get(chat_id) === read) this.#reading.delete(chat_id);
			});
		this.#reading.set(chat_id, read);
		return read;
	}
}

const caches = new WeakMap<Store, ChannelPages>();

/** The page cache of `store` (created on first use). */
export function channelPages(store: Store): ChannelPages {
	let pages = caches.get(store);
	if (!pages) {
		pages = new ChannelPages(store);
		caches.set(store, pages);
	}
	return pages;
}
