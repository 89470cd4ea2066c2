/**
 * Before an export, each chosen channel's whole history is fetched (db/history/complete.ts): pages
 * from the newest down until the gateway says there is nothing older; a channel whose request
 * fails is left as stored and the next one is still asked for; a gateway whose pages lead nowhere
 * new does not keep it asking.
 */
import { describe, expect, it, vi } from 'vitest';
import {
	COMPLETE_PAGE,
	fetchWholeHistory,
	type HistoryPageLoader
} from '../../src/lib/db/history/complete';

/** A gateway holding `total` messages in every channel (ids `o0` oldest … `o<total-1>`). */
function gatewayWith(total: number): { load: HistoryPageLoader; calls: unknown[] } {
	const calls: unknown[] = [];
	const load: HistoryPageLoader = vi.fn(async (input) => {
		calls.push(input);
		const end = input.before_message_id ? Number(input.before_message_id.slice(1)) : total;
		const start = Math.max(0, end - (input.limit ?? 50));
		const page = { has_more: start > 0, count: end - start };
		return end > start ? { ...page, oldest_message_id: `o${start}` } : page;
	});
	return { load, calls };
}

describe('fetchWholeHistory', () => {
	it('asks for pages from the newest down until there is nothing older', async () => {
		const { load, calls } = gatewayWith(450);
		const seen: number[] = [];
		const result = await fetchWholeHistory(load, ['c1'], { onpage: (n) => seen.push(n) });
		expect(result).toEqual({ fetched: 450, complete: true });
		expect(calls).toEqual([
			{ chat_id: 'c1', limit: COMPLETE_PAGE },
			{ chat_id: 'c1', limit: COMPLETE_PAGE, before_message_id: 'o250' },
			{ chat_id: 'c1', limit: COMPLETE_PAGE, before_message_id: 'o50' }
		]);
		expect(seen).toEqual([200, 400, 450]);
	});

	it('each chosen channel in turn', async () => {
		const { load, calls } = gatewayWith(10);
		expect(await fetchWholeHistory(load, ['c1', 'c2'])).toEqual({ fetched: 20, complete: true });
		expect(calls).toEqual([
			{ chat_id: 'c1', limit: COMPLETE_PAGE },
			{ chat_id: 'c2', limit: COMPLETE_PAGE }
		]);
	});

	it('a channel the gateway refuses is left as stored; the next is still fetched', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
		const { load } = gatewayWith(10);
		const refusing: HistoryPageLoader = async (input) => {
			if (input.chat_id === 'gone') throw new Error('unknown chat_id "gone"');
			return load(input);
		};
		expect(await fetchWholeHistory(refusing, ['gone', 'c2'])).toEqual({
			fetched: 10,
			complete: false
		});
		expect(warn).toHaveBeenCalledOnce();
		warn.mockRestore();
	});

	it('stops asking once told to (the link went)', async () => {
		const { load, calls } = gatewayWith(10);
		let stopped = false;
		const result = await fetchWholeHistory(load, ['c1', 'c2'], {
			onpage: () => (stopped = true),
			stopped: () => stopped
		});
		expect(result).toEqual({ fetched: 10, complete: false });
		expect(calls).toHaveLength(1);
	});

	it('pages that lead nowhere new end the channel as incomplete', async () => {
		// An empty page that says there is more; pages that loop back to one already asked for.
		const empty = vi.fn<HistoryPageLoader>(async () => ({ has_more: true, count: 0 }));
		expect(await fetchWholeHistory(empty, ['c1'])).toEqual({ fetched: 0, complete: false });
		expect(empty).toHaveBeenCalledTimes(1);
		const looping = vi.fn<HistoryPageLoader>(async (input) => ({
			has_more: true,
			count: 1,
			oldest_message_id: input.before_message_id === 'a' ? 'b' : 'a'
		}));
		expect(await fetchWholeHistory(looping, ['c1'])).toEqual({ fetched: 3, complete: false });
		expect(looping).toHaveBeenCalledTimes(3);
	});
});
