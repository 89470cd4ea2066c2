import { afterEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale, useCatalogue, type Locale } from '../../src/lib/i18n/catalogues';
import {
	formatBytes,
	formatDay,
	formatPercent,
	formatSeconds,
	formatTime
} from '../../src/lib/i18n/format';
import * as zhCN from '../../src/lib/i18n/paraglide/messages/zh-CN.js';

useCatalogue('zh-CN', zhCN);
const speak = (locale: Locale) => overwriteGetLocale(() => locale);
afterEach(() => speak('en'));

/** Noon, local time, `days` from 2026-12-01. */
const day = (days: number) => new Date(2026, 11, 1 + days, 12).getTime();

describe('formatting through Intl in the interface language', () => {
	it('relative days: Today, Yesterday, else the date', () => {
		speak('en');
		expect(formatDay(day(0), day(0))).toBe('Today');
		expect(formatDay(day(-1), day(0))).toBe('Yesterday');
		expect(formatDay(day(-2), day(0))).toBe('November 29, 2026');
		speak('zh-CN');
		expect(formatDay(day(0), day(0))).toBe('今天');
		expect(formatDay(day(-1), day(0))).toBe('昨天');
		expect(formatDay(day(-2), day(0))).toBe('2026年11月29日');
	});

	it('sizes, percentages and seconds use the locale’s numbers, the same units', () => {
		expect(formatBytes(512)).toBe('512 B');
		expect(formatBytes(1536)).toBe('1.5 KB');
		expect(formatBytes(50 * 1024 * 1024 + 1)).toBe('50.0 MB');
		expect(formatPercent(0.456)).toBe('46%');
		expect(formatSeconds(1.234)).toBe('1.23');
		expect(formatSeconds(12.34)).toBe('12.3');
		speak('zh-CN');
		expect(formatBytes(1536)).toBe('1.5 KB');
		expect(formatPercent(0.456)).toBe('46%');
	});

	it('times follow the locale (a new formatter per locale)', () => {
		const ts = new Date(2026, 11, 1, 14, 5).getTime();
		speak('en');
		expect(formatTime(ts)).toBe('2:05 PM');
		speak('zh-CN');
		expect(formatTime(ts)).toBe('14:05');
	});
});

/** Counts `new Intl[name](…)` until `restore()` (a spy would not construct). */
function countBuilt(name: 'DateTimeFormat' | 'RelativeTimeFormat') {
	const intl = Intl as unknown as Record<string, object>;
	const original = intl[name]! as new (...args: unknown[]) => object;
	const counter = { count: 0, restore: () => void (intl[name] = original) };
	intl[name] = new Proxy(original, {
		construct(target, args, newTarget) {
			counter.count += 1;
			return Reflect.construct(target, args, newTarget) as object;
		}
	});
	return counter;
}

describe('warmFormatters', () => {
	/** format.ts and its locale afresh: no formatter cached yet. */
	async function freshFormat() {
		vi.resetModules();
		return import('../../src/lib/i18n/format');
	}

	it('builds the date formatters a message list uses, so showing a message builds none', async () => {
		const built = countBuilt('DateTimeFormat');
		const relative = countBuilt('RelativeTimeFormat');
		try {
			// Without it, the first message shown builds them.
			const cold = await freshFormat();
			cold.formatTime(day(0));
			cold.formatDay(Date.now());
			expect(built.count).toBeGreaterThan(0);
			expect(relative.count).toBeGreaterThan(0);

			const warm = await freshFormat();
			warm.warmFormatters();
			const [dates, days] = [built.count, relative.count];
			warm.formatTime(day(0));
			warm.formatDay(day(-3));
			warm.formatDay(Date.now());
			warm.formatDateTime(day(0));
			expect(built.count).toBe(dates);
			expect(relative.count).toBe(days);
		} finally {
			built.restore();
			relative.restore();
		}
	});
});
