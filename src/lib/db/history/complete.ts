/**
 * Before an export of "everything" or a channel: the gateway holds history this device may never
 * have fetched (a channel opened on this device loads its newest page, and older pages only as
 * the reader scrolls up). Each chosen channel's older `history` pages are asked for, oldest stored
 * message first, until the gateway says there is nothing older, so the export is the whole
 * history and not only what this device happened to store (doc/storage.md "Your history").
 */
import { Dexie } from 'dexie';
import type { IrisDB } from '../schema';
import { LOCAL_PREFIX } from '../local-id';

/** The most messages one `history` request may ask for (the protocol's `limit` maximum). */
export const COMPLETE_PAGE = 200;

/**
 * Fetch one `history` page of `chat_id` before `before_message_id` (the newest page without
 * it), stored before it resolves (`FeatureApi.loadHistory`).
 */
export type HistoryPageLoader = (input: {
	chat_id: string;
	before_message_id?: string;
	limit?: number;
}) => Promise<{ has_more: boolean; count: number; oldest_message_id?: string }>;

/** What `fetchOlderHistory` brought. */
export interface CompleteResult {
	/** Messages the gateway sent (already stored ones it sent again count too). */
	fetched: number;
	/** Every channel reached its beginning; false when a request failed (offline, an error). */
	complete: boolean;
}

/** The oldest stored message of `chat_id` that the gateway knows (not one waiting to be sent). */
async function oldestServerMessage(db: IrisDB, chat_id: string): Promise<string | undefined> {
	const oldest = await db.messages
		.where('[chat_id+ts]')
		.between([chat_id, Dexie.minKey], [chat_id, Dexie.maxKey])
		.filter((m) => !m.message_id.startsWith(LOCAL_PREFIX))
		.first();
	return oldest?.message_id;
}

/**
 * Ask the gateway for every `history` page older than what this device stores, for each of
 * `chat_ids` in turn, until `has_more` is false. `onpage(fetched)` is called after each page
 * with the messages fetched so far. A failed request ends the paging (`complete` false): the
 * export then holds what is stored. Never rejects.
 */
export async function fetchOlderHistory(
	db: IrisDB,
	load: HistoryPageLoader,
	chat_ids: readonly string[],
	onpage?: (fetched: number) => void
): Promise<CompleteResult> {
	let fetched = 0;
	try {
		for (const chat_id of chat_ids) {
			let before = await oldestServerMessage(db, chat_id);
			for (;;) {
				const input: Parameters<HistoryPageLoader>[0] = { chat_id, limit: COMPLETE_PAGE };
				if (before !== undefined) input.before_message_id = before;
				const page = await load(input);
				fetched += page.count;
				onpage?.(fetched);
				// A page that moved nothing (empty, or no older id) would be asked for forever.
				const next = page.oldest_message_id;
				if (!page.has_more || page.count === 0 || next === undefined || next === before) break;
				before = next;
			}
		}
		return { fetched, complete: true };
	} catch (e) {
		console.warn('[history] fetching older pages for the export failed', e);
		return { fetched, complete: false };
	}
}
