/**
 * The page's interface language: chosen in Settings (remembered in localStorage), else the first
 * of `navigator.languages` we speak, else English. It is a `$state` the compiled messages read
 * (`overwriteGetLocale`), so every message on screen re-renders when it changes, without a reload;
 * `<html lang>` follows it. Non-English catalogues load before the switch (doc/i18n.md).
 */
import { BASE_LOCALE, isLocale, overwriteGetLocale, type Locale } from './catalogues';
import { loadCatalogue } from './load';

/** localStorage key of the user's choice (absent: follow the browser). */
export const LOCALE_STORAGE_KEY = 'iris.locale';

/**
 * Our locale for a list of BCP 47 tags in preference order (e.g. `navigator.languages`): the
 * first English or Chinese one decides; any Chinese gets Simplified Chinese, the one we have.
 */
export function matchLocale(tags: readonly string[]): Locale {
	for (const tag of tags) {
		const language = tag.toLowerCase().split('-', 1)[0];
		if (language === 'en') return 'en';
		if (language === 'zh') return 'zh-CN';
	}
	return BASE_LOCALE;
}

function storedChoice(): Locale | undefined {
	try {
		const value = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
		return isLocale(value) ? value : undefined;
	} catch {
		return undefined; // Storage blocked: follow the browser.
	}
}

function browserLocale(): Locale {
	const nav = globalThis.navigator as Navigator | undefined;
	return matchLocale(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

/** The interface language and its switch. */
class LocaleState {
	/** The language messages render in (its catalogue is loaded). */
	current = $state<Locale>(BASE_LOCALE);
	/** False only while the first non-English catalogue loads: render nothing until then. */
	ready = $state(true);
	/** Listeners told after each switch (e.g. the connection worker, the service worker's store). */
	readonly #listeners = new Set<(locale: Locale) => void>();

	constructor() {
		overwriteGetLocale(() => this.current);
		const wanted = storedChoice() ?? browserLocale();
		if (wanted !== BASE_LOCALE) {
			this.ready = false;
			this.set(wanted, { remember: false })
				.catch((e: unknown) => console.error('[i18n] could not load', wanted, e))
				.finally(() => (this.ready = true));
		} else this.#applyLang();
	}

	/**
	 * Switch to `locale` (loading its catalogue first) and, unless `remember` is false, keep the
	 * choice for the next visit.
	 *
	 * @throws Error when the catalogue cannot be loaded; the language stays as it was.
	 */
	async set(locale: Locale, { remember = true }: { remember?: boolean } = {}): Promise<void> {
		await loadCatalogue(locale);
		this.current = locale;
		this.#applyLang();
		if (remember) {
			try {
				globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
			} catch {
				// Not remembered (storage blocked): it still applies to this visit.
			}
		}
		for (const listener of this.#listeners) listener(locale);
	}

	/** Call `listener` now and after every switch; returns the unsubscribe function. */
	subscribe(listener: (locale: Locale) => void): () => void {
		this.#listeners.add(listener);
		if (this.ready) listener(this.current);
		return () => this.#listeners.delete(listener);
	}

	#applyLang(): void {
		if (typeof document !== 'undefined') document.documentElement.lang = this.current;
	}
}

/** The page's one interface language. */
export const locale = new LocaleState();
