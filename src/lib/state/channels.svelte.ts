/**
 * The sidebar's channels: every channel in first-seen order with its threads right under it, and
 * the unread count of each (messages from others newer than the channel's read mark).
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
	unread: number;
}

/**
 * Badges count up to this many unread messages and then show "99+". Counting walks rows (the role
 * is not indexed) and the sidebar recounts on every change to the store: a channel with 90,000
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

export class Channels {
	readonly #query: LiveQuery<ChannelEntry[]>;

	/** The sidebar of the store the app reads now (it follows a switch to another store). */
	constructor(store: Store) {
		this.#query = new LiveQuery(
			store,
			async (db) => {
				const [channels, reads] = await Promise.all([
					db.channels.orderBy('position').toArray(),
					db.reads.toArray()
				]);
				const readTs: Record<string, number> = Object.fromEntries(
					reads.map((r) => [r.chat_id, r.ts])
				);
				const tree = channelTree(channels);
				const counts = await Promise.all(
					tree.map((e) => unreadCount(db, e.channel.chat_id, readTs[e.channel.chat_id]))
				);
				return tree.map((e, i) => ({ ...e, unread: counts[i] ?? 0 }));
			},
			[]
		);
	}

	get entries(): ChannelEntry[] {
		return this.#query.current;
	}

	/** The channel with `chat_id`, if known. */
	find(chat_id: string | undefined): ChannelRow | undefined {
		return this.entries.find((e) => e.channel.chat_id === chat_id)?.channel;
	}

	dispose(): void {
		this.#query.dispose();
	}
}
