/**
 * Which locale the compiled messages speak, and the catalogues that are not English. Svelte-free:
 * the page, the connection worker and the service worker all use it (doc/i18n.md).
 *
 * Each compiled message in `paraglide/messages/_index.js` is `message(<English>, <key>)` from here
 * (scripts/i18n-compile.ts): English is bundled message by message where it is used; zh-CN is one
 * module, loaded only once it is chosen (`loadCatalogue` in load.ts, or `useCatalogue`).
 */
import type * as ZhCNMessages from './paraglide/messages/zh-CN.js';

/** The interface languages, base first. */
export const LOCALES = ['en', 'zh-CN'] as const;
/** One of `LOCALES`: a BCP 47 tag, as `<html lang>` takes it. */
export type Locale = (typeof LOCALES)[number];
/** The language every message has and the fallback for any other. */
export const BASE_LOCALE: Locale = 'en';

/** Whether `value` is one of our locales (exactly). */
export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

let source: () => Locale = () => BASE_LOCALE;
/** The locale messages are rendered in right now (through the source set last). */
export function getLocale(): Locale {
	const locale = source();
	// A catalogue still loading: English until it is here, never a missing function.
	return locale === 'zh-CN' && !zhCNLoaded ? BASE_LOCALE : locale;
}

/** Make messages read their locale from `read` (the page: a `$state`, so rendering follows it). */
export function overwriteGetLocale(read: () => Locale): void {
	source = read;
}

let zhCNLoaded = false;
/** The zh-CN message functions, once loaded (until then `getLocale` never says zh-CN). */
let zhCN: Record<string, unknown> = {};

/**
 * One message of the catalogue: `en` (compiled, for English) or the loaded catalogue's `key`,
 * by the locale asked for or the current one. Pure: unused messages are dropped from bundles.
 */
export function message<I>(en: (inputs: I) => string, key: string) {
	return (inputs: I = {} as I, options: { locale?: Locale } = {}): string => {
		const locale = options.locale ?? getLocale();
		const other = locale === 'zh-CN' ? (zhCN[key] as typeof en | undefined) : undefined;
		return (other ?? en)(inputs);
	};
}

/** Install a loaded catalogue (the service worker imports zh-CN statically and passes it here). */
export function useCatalogue(locale: 'zh-CN', messages: typeof ZhCNMessages): void {
	if (locale !== 'zh-CN') return;
	zhCN = messages;
	zhCNLoaded = true;
}

/** Whether messages in `locale` can render now. */
export function hasCatalogue(locale: Locale): boolean {
	return locale === BASE_LOCALE || zhCNLoaded;
}
