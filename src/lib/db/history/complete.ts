/**
 * Before an export of "everything" or a channel: the gateway holds history this device may never
 * have fetched (a channel opened here loads its newest page, and older pages only as the reader
 * scrolls up; a device offline longer than the gateway keeps its replay has a hole in the middle).
 * Each chosen channel's `history` is asked for page by page from the newest down, until the
 * gateway says there is nothing older: every page is stored as it arrives, so the export is the
 * whole history, holes filled, and not only what this device happened to store (doc/storage.md
 * "Your history").
 */

/** The most messages one `history` request may ask for (the protocol's `limit` maximum). */
export const COMPLETE_PAGE = 200;

/**
 * Fetch one `history` page of `chat_id` before `before_message_id` (the newest page without
 * it), stored before it resolves (`FeatureApi.loadHistory`). Rejects when the gateway refuses it
 * or the link goes.
 */
export type HistoryPageLoader = (input: {
	chat_id: string;
	before_message_id?: string;
	limit?: number;
}) => Promise<{ has_more: boolean; count: number; oldest_message_id?: string }>;

/** What `fetchWholeHistory` brought. */
export interface CompleteResult {
	/** Messages the gateway sent (those already stored here count too). */
	fetched: number;
	/**
	 * Every channel reached its beginning. False when a channel's request failed (the gateway
	 * does not know it, the link went) or its pages did not lead to a beginning.
	 */
	complete: boolean;
}

/** How the paging is told to stop. */
export interface CompleteOptions {
	/** Messages fetched so far, after each page. */
	onpage?: (fetched: number) => void;
	/** True once there is no point in asking further (the link went, the store changed). */
	stopped?: () => boolean;
}

/**
 * Fetch one channel's pages from the newest down. Resolves true when it reached the beginning;
 * false when a page led nowhere new (a gateway that sends pages in a loop, or an empty page that
 * says there is more). Rejects as `load` does.
 */
async function fetchChannel(
	load: HistoryPageLoader,
	chat_id: string,
	counted: (count: number) => void
): Promise<boolean> {
	const asked = new Set<string>();
	let before: string | undefined;
	for (;;) {
		const input: Parameters<HistoryPageLoader>[0] = { chat_id, limit: COMPLETE_PAGE };
		if (before !== undefined) input.before_message_id = before;
		const page = await load(input);
		counted(page.count);
		if (!page.has_more) return true;
		const next = page.oldest_message_id;
		// A page that moves nothing would be asked for forever.
		if (page.count === 0 || next === undefined || asked.has(next)) return false;
		asked.add(next);
		before = next;
	}
}

/**
 * Ask the gateway for the whole `history` of each of `chat_ids` in turn, newest page first, until
 * `has_more` is false. A channel whose request fails is left as stored (`complete` false) and the
 * next is asked for, until `stopped()`. Never rejects.
 */
export async function fetchWholeHistory(
	load: HistoryPageLoader,
	chat_ids: readonly string[],
	options: CompleteOptions = {}
): Promise<CompleteResult> {
	let fetched = 0;
	let complete = true;
	const counted = (count: number) => {
		fetched += count;
		options.onpage?.(fetched);
	};
	for (const chat_id of chat_ids) {
		if (options.stopped?.()) return { fetched, complete: false };
		try {
			if (!(await fetchChannel(load, chat_id, counted))) complete = false;
		} catch (e) {
			console.warn(`[history] fetching ${chat_id}'s history for the export failed`, e);
			complete = false;
		}
	}
	return { fetched, complete };
}
