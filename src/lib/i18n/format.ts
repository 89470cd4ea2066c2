/**
 * Dates, times, numbers and sizes for people, through `Intl` in the current interface locale
 * (catalogues.ts `getLocale`; on the page that is reactive, so text re-renders on a switch).
 * Formatters are cached per locale and options: a long message list formats thousands of times.
 */
import { getLocale, type Locale } from './catalogues';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
	kind: string,
	options: object,
	make: (locale: Locale) => T
): T {
	const locale = getLocale();
	const key = `${kind}|${locale}|${JSON.stringify(options)}`;
	let formatter = cache.get(key) as T | undefined;
	if (!formatter) cache.set(key, (formatter = make(locale)));
	return formatter;
}

function dateTime(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	return cached('dt', options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/**
 * Build the formatters every message list shows (times, days, dates) ahead of need: a page's first
 * `Intl.DateTimeFormat` costs 25–50 ms on a 2-core machine while ICU loads its locale data, and
 * otherwise lands in the frame that first renders a message (bench/README.md "Reconnect
 * catch-up"). Later calls only hit the cache.
 */
export function warmFormatters(): void {
	const now = Date.now();
	formatTime(now);
	formatDay(now);
	formatDate(now);
	formatDateTime(now);
}

/** A number with the locale's digits grouping, e.g. `1,234` / `1,234.5`. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
	return cached('n', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** `ratio` (0–1) as a whole percentage: `45%`. */
export function formatPercent(ratio: number): string {
	return formatNumber(ratio, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * Time of day, hours and minutes the way the locale writes them (`2:05 PM`, `14:05`, never a
 * padded `02:05 PM`), of an epoch-ms timestamp.
 */
export function formatTime(ts: number): string {
	return dateTime({ timeStyle: 'short' }).format(ts);
}

/** Time of day with seconds, of an epoch-ms timestamp (diagnostics). */
export function formatTimeWithSeconds(ts: number): string {
	return dateTime({ hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ts);
}

/** Date and time, medium length (`Dec 1, 2026, 14:05`), of an epoch-ms timestamp. */
export function formatDateTime(ts: number): string {
	return dateTime({ dateStyle: 'medium', timeStyle: 'short' }).format(ts);
}

/** The calendar day (`December 1, 2026` / `2026年12月1日`) of an epoch-ms timestamp. */
export function formatDate(ts: number): string {
	return dateTime({ dateStyle: 'long' }).format(ts);
}

/** Local midnight (epoch ms) of the day `ts` falls on. */
function startOfDay(ts: number): number {
	const d = new Date(ts);
	d.setHours(0, 0, 0, 0);
	return d.getTime();
}

/**
 * The day of `ts` as a date separator says it: `Today`, `Yesterday` (Intl's relative day,
 * capitalized), else the date. `now`: epoch ms, for tests.
 */
export function formatDay(ts: number, now = Date.now()): string {
	const days = Math.round((startOfDay(ts) - startOfDay(now)) / 86_400_000);
	if (days !== 0 && days !== -1) return formatDate(ts);
	const options = { numeric: 'auto' } as const;
	const text = cached(
		'rt',
		options,
		(locale) => new Intl.RelativeTimeFormat(locale, options)
	).format(days, 'day');
	return text.charAt(0).toLocaleUpperCase(getLocale()) + text.slice(1);
}

/**
 * A byte count for people: `512 B`, `12.3 KB`, `5.0 MB` (binary multiples, one decimal, the
 * locale's decimal sign).
 */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${formatNumber(bytes)} B`;
	const units = ['KB', 'MB', 'GB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit += 1;
	}
	const digits = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
	return `${formatNumber(value, digits)} ${units[unit]}`;
}

/** Seconds with two decimals under 10, one above (`1.25`, `12.5`): a tool's run time. */
export function formatSeconds(seconds: number): string {
	const digits = seconds < 10 ? 2 : 1;
	return formatNumber(seconds, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
