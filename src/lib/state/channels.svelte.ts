/**
 * The sidebar's channels: every channel in first-seen order with its threads right under it, and
 * the unread count of a channel (messages from others newer than the channel's read mark).
 */
import { Dexie } from 'dexie';
import type { ChannelRow, IrisDB } from '../db/schema';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';
import { channelTree } from './channel-tree';

/** One sidebar row. `depth` 1 for a thread shown under its parent. */
export interface ChannelEntry {
	channel: ChannelRow;
	depth: 0 | 1;
}

/**
 * Badges count up to this many unread messages and then show "99+". Counting walks rows (the role
 * is not indexed) and a badge recounts on every change to its channel: a channel with 90,000
 * unread messages must not be read whole each time (npm run bench: C2 opened a 10k channel 16×
 * slower in a 100k store, and M held the rows in the page).
 */
export const UNREAD_CAP = 100;

/** Unread messages of a channel after `readTs` (epoch ms), at most `UNREAD_CAP`. */
export async function unreadCount(
	db: IrisDB,
	chat_id: string,
	readTs: number | undefined
): Promise<number> {
	// Strictly after the read mark: the message read itself is not unread.
	return db.messages
		.where('[chat_id+ts]')
		.between([chat_id, readTs ?? Dexie.minKey], [chat_id, Dexie.maxKey], readTs === undefined, true)
		.filter((m) => m.role !== 'user')
		.limit(UNREAD_CAP)
		.count();
}

/** The badge text: the count, or "99+" at the cap. */
export function unreadLabel(count: number): string {
	return count >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(count);
}

/**
 * The sidebar's channels in tree order. Unread counts are not part of it: each badge the sidebar
 * renders counts its own channel (`UnreadCount`), so 20,000 channels are not 20,000 queries on
 * every change to the store, and a new message recounts only its channel's badge.
 */
export class Channels {
	readonly #query: LiveQuery<ChannelEntry[]>;
	// A fresh Map per derivation, never mutated: nothing to make reactive inside it.
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #byId = $derived(new Map(this.entries.map((e) => [e.channel.chat_id, e.channel])));

	/** The sidebar of the store the app reads now (it follows a switch to another store). */
	constructor(store: Store) {
		this.#query = new LiveQuery(
			store,
			async (db) => channelTree(await db.channels.orderBy('position').toArray()),
			[]
		);
	}

	get entries(): ChannelEntry[] {
		return this.#query.current;
	}

	/** The channel with `chat_id`, if known. */
	find(chat_id: string | undefined): ChannelRow | undefined {
		return chat_id === undefined ? undefined : this.#byId.get(chat_id);
	}

	dispose(): void {
		this.#query.dispose();
	}
}

/** One channel's unread count (messages from others after its read mark), live, capped. */
export class UnreadCount {
	readonly #query: LiveQuery<number>;

	constructor(store: Store, chat_id: string) {
		this.#query = new LiveQuery(
			store,
			async (db) => {
				const read = await db.reads.get(chat_id);
				return unreadCount(db, chat_id, read?.ts);
			},
			0
		);
	}

	get count(): number {
		return this.#query.current;
	}

	dispose(): void {
		this.#query.dispose();
	}
}
