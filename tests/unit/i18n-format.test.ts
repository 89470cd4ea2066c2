import { afterEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale, useCatalogue, type Locale } from '../../src/lib/i18n/catalogues';
import {
	formatBytes,
	formatDateTime,
	formatDay,
	formatPercent,
	formatSeconds,
	formatTime,
	warmFormatters
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

describe('warmFormatters', () => {
	it('builds the date formatters a message list uses, so showing a message builds none', () => {
		speak('zh-CN');
		warmFormatters();
		const built = vi.spyOn(Intl, 'DateTimeFormat');
		const relative = vi.spyOn(Intl, 'RelativeTimeFormat');
		try {
			formatTime(day(0));
			formatDay(day(-3));
			formatDay(Date.now());
			formatDateTime(day(0));
			expect(built).not.toHaveBeenCalled();
			expect(relative).not.toHaveBeenCalled();
		} finally {
			built.mockRestore();
			relative.mockRestore();
		}
	});
});
