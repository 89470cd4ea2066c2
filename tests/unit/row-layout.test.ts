import { describe, expect, it } from 'vitest';
import {
	GROUP_GAP_MS,
	layoutRows,
	msUntilMidnight
} from '../../src/lib/components/conversation/row-layout';

/** Local time on 1 Dec 2026 (day offset, hours, minutes) as epoch ms. */
const at = (day: number, h: number, min = 0) => new Date(2026, 11, 1 + day, h, min).getTime();

describe('layoutRows', () => {
	it('puts a date separator above the first message of each local day', () => {
		const rows = [
			{ role: 'user', ts: at(0, 9) },
			{ role: 'assistant', ts: at(0, 23, 59) },
			{ role: 'user', ts: at(1, 0, 1) },
			{ role: 'assistant', ts: at(3, 12) }
		];
		expect(layoutRows(rows).map((l) => l.dayStart)).toEqual([true, false, true, true]);
	});

	it('groups consecutive messages of one sender within the gap, on one day', () => {
		const rows = [
			{ role: 'user', ts: at(0, 9, 0) },
			{ role: 'user', ts: at(0, 9, 1) },
			{ role: 'assistant', ts: at(0, 9, 2) },
			{ role: 'assistant', ts: at(0, 9, 3) },
			{ role: 'assistant', ts: at(0, 9, 3) + GROUP_GAP_MS + 1 },
			{ role: 'assistant', ts: at(1, 9) }
		];
		const layout = layoutRows(rows);
		expect(layout.map((l) => l.groupStart)).toEqual([true, false, true, false, true, true]);
		expect(layout.map((l) => l.groupEnd)).toEqual([false, true, false, true, true, true]);
	});

	it('a single message is a whole group; no rows, no layout', () => {
		expect(layoutRows([{ role: 'cron', ts: at(0, 1) }])).toEqual([
			{ dayStart: true, groupStart: true, groupEnd: true }
		]);
		expect(layoutRows([])).toEqual([]);
	});
});

describe('msUntilMidnight', () => {
	it('counts to the next local midnight', () => {
		expect(msUntilMidnight(at(0, 23, 30))).toBe(30 * 60_000);
		expect(msUntilMidnight(at(0, 0))).toBe(24 * 3_600_000);
	});
});
