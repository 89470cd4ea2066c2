/**
 * Before an export, the older history the gateway holds is fetched (db/history/complete.ts): pages
 * older than the oldest stored message, until the gateway says there is nothing older, for each
 * chosen channel; a failure ends it with `complete` false.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import {
	COMPLETE_PAGE,
	fetchOlderHistory,
	type HistoryPageLoader
} from '../../src/lib/db/history/complete';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

/** A store holding `ids` of `c1` (oldest first), one ms apart; `local:` ones are not sent yet. */
async function storeWith(ids: string[]): Promise<IrisDB> {
	const db = new IrisDB(`history-complete-${++n}`);
	dbs.push(db);
	await db.messages.bulkPut(
		ids.map((message_id, i) => ({
			message_id,
			chat_id: 'c1',
			role: 'user' as const,
			text: message_id,
			ts: 1_000 + i,
			status: 'complete' as const
		}))
	);
	return db;
}

/** A gateway holding `older` messages of every channel before what is stored (ids `o<n>`). */
function gatewayWith(older: number): { load: HistoryPageLoader; calls: unknown[] } {
	const calls: unknown[] = [];
	const load: HistoryPageLoader = vi.fn(async (input) => {
		calls.push(input);
		const end = input.before_message_id?.startsWith('o')
			? Number(input.before_message_id.slice(1))
			: older;
		const start = Math.max(0, end - (input.limit ?? 50));
		const page = { has_more: start > 0, count: end - start };
		return end > start ? { ...page, oldest_message_id: `o${start}` } : page;
	});
	return { load, calls };
}

describe('fetchOlderHistory', () => {
	it('asks for pages older than the oldest stored server message until there is nothing older', async () => {
		const db = await storeWith(['local:draft', 's1', 's2']);
		const { load, calls } = gatewayWith(450);
		const seen: number[] = [];
		const result = await fetchOlderHistory(db, load, ['c1'], (count) => seen.push(count));
		expect(result).toEqual({ fetched: 450, complete: true });
		expect(calls).toEqual([
			{ chat_id: 'c1', limit: COMPLETE_PAGE, before_message_id: 's1' },
			{ chat_id: 'c1', limit: COMPLETE_PAGE, before_message_id: 'o250' },
			{ chat_id: 'c1', limit: COMPLETE_PAGE, before_message_id: 'o50' }
		]);
		expect(seen).toEqual([200, 400, 450]);
	});

	it('a channel with nothing stored starts from the newest page; each chosen channel in turn', async () => {
		const db = await storeWith([]);
		const { load, calls } = gatewayWith(10);
		expect(await fetchOlderHistory(db, load, ['c1', 'c2'])).toEqual({
			fetched: 20,
			complete: true
		});
		expect(calls).toEqual([
			{ chat_id: 'c1', limit: COMPLETE_PAGE },
			{ chat_id: 'c2', limit: COMPLETE_PAGE }
		]);
	});

	it('stops at a page that moves nothing, though it says there is more', async () => {
		const db = await storeWith(['s1']);
		const load = vi.fn<HistoryPageLoader>(async () => ({ has_more: true, count: 0 }));
		expect(await fetchOlderHistory(db, load, ['c1'])).toEqual({ fetched: 0, complete: true });
		expect(load).toHaveBeenCalledTimes(1);
	});

	it('a failed request ends the paging, incomplete, without rejecting', async () => {
		const db = await storeWith(['s1']);
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
		const { load } = gatewayWith(450);
		let calls = 0;
		const failing: HistoryPageLoader = async (input) => {
			if (++calls === 2) throw new Error('connection closed');
			return load(input);
		};
		expect(await fetchOlderHistory(db, failing, ['c1', 'c2'])).toEqual({
			fetched: 200,
			complete: false
		});
		expect(warn).toHaveBeenCalledOnce();
	});
});
