import { describe, expect, it } from 'vitest';
import {
	dayBound,
	groupByChannel,
	mergeHits,
	passes,
	planSearch
} from '../../src/lib/state/search-merge';

const filters = { where: 'all', role: '', from: '', to: '' };

describe('planSearch', () => {
	it('sends scope all without a channel filter', () => {
		expect(planSearch('zebra', filters, 'c1')).toEqual({
			local: { query: 'zebra' },
			server: { query: 'zebra', scope: 'all' }
		});
	});
	it('maps this channel, another channel, a role and dates', () => {
		const here = planSearch(' zebra ', { ...filters, where: 'chat', role: 'user' }, 'c1');
		expect(here.local).toEqual({ query: ' zebra ', chat_ids: ['c1'], roles: ['user'] });
		expect(here.server).toEqual({ query: 'zebra', scope: 'chat', chat_id: 'c1' });
		const other = planSearch(
			'x',
			{ ...filters, where: 'in:c2', from: '2026-01-02', to: '2026-01-02' },
			'c1'
		);
		expect(other.local.chat_ids).toEqual(['c2']);
		expect(other.local.to! - other.local.from!).toBe(86_400_000 - 1);
		expect(dayBound('not a date', false)).toBeUndefined();
	});
});

describe('mergeHits', () => {
	it('adds the gateway hits the local results lack, marking those not stored here', () => {
		const local = [{ message_id: 'a', chat_id: 'c1', ts: 5 }];
		const server = [
			{ message_id: 'a', chat_id: 'c1', ts: 5 },
			{ message_id: 'old', chat_id: 'c1', ts: 1 },
			{ message_id: 'stored', chat_id: 'c2', ts: 9 }
		];
		expect(mergeHits(local, server, new Set(['stored']))).toEqual([
			{ message_id: 'stored', chat_id: 'c2', ts: 9, source: 'local' },
			{ message_id: 'a', chat_id: 'c1', ts: 5, source: 'local' },
			{ message_id: 'old', chat_id: 'c1', ts: 1, source: 'server' }
		]);
	});
	it('filters gateway hits by role and date, and groups by channel in order', () => {
		expect(
			passes(
				{ message_id: 'x', chat_id: 'c', role: 'user', ts: 5 },
				{ query: '', roles: ['assistant'] }
			)
		).toBe(false);
		expect(passes({ message_id: 'x', chat_id: 'c', ts: 5 }, { query: '', from: 6 })).toBe(false);
		expect(passes({ message_id: 'x', chat_id: 'c', ts: 5 }, { query: '', from: 5, to: 5 })).toBe(
			true
		);
		const groups = groupByChannel([
			{ message_id: '1', chat_id: 'b', source: 'local' },
			{ message_id: '2', chat_id: 'a', source: 'local' },
			{ message_id: '3', chat_id: 'b', source: 'server' }
		]);
		expect(groups.map(([chat, hits]) => [chat, hits.map((h) => h.message_id)])).toEqual([
			['b', ['1', '3']],
			['a', ['2']]
		]);
	});
});
