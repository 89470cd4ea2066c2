/**
 * The colour theme on the page: `<html data-theme="light|dark">` forces one (tokens.css), no
 * attribute follows the system. The choice is remembered in localStorage and applied from the
 * client `init` hook, before the first render, so there is no flash of the wrong theme and no
 * inline script (the CSP forbids one). `<meta name="theme-color">` (the browser's and an installed
 * app's title bar) follows it.
 */

/** The user's choice: a fixed theme, or whatever the system prefers. */
export type ThemeChoice = 'light' | 'dark' | 'system';

/** All choices, in the order Settings offers them. */
export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** localStorage key of the choice (absent: `system`). */
export const THEME_STORAGE_KEY = 'iris.theme';

/**
 * The title bar colour of each theme: tokens.css `--surface` of that theme (a unit test keeps
 * them equal). Written here because the meta tag must be right before the stylesheet loads.
 */
export const THEME_COLORS: Readonly<Record<'light' | 'dark', string>> = {
	light: '#f7f7fa',
	dark: '#16171d'
};

/** Whether `value` is a theme choice. */
export function isThemeChoice(value: unknown): value is ThemeChoice {
	return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The remembered choice; `system` when none is stored or storage is blocked. */
export function storedTheme(): ThemeChoice {
	try {
		const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
		return isThemeChoice(value) ? value : 'system';
	} catch {
		return 'system';
	}
}

/** Remember `choice` (a blocked storage only loses the memory, not the switch). */
export function storeTheme(choice: ThemeChoice): void {
	try {
		if (choice === 'system') globalThis.localStorage?.removeItem(THEME_STORAGE_KEY);
		else globalThis.localStorage?.setItem(THEME_STORAGE_KEY, choice);
	} catch (e) {
		console.warn('[theme] could not remember the theme', e);
	}
}

/**
 * Apply `choice` to `doc`: the `data-theme` attribute and the theme-color meta tags (one fixed
 * tag for a forced theme, a light and a dark one with media queries for `system`).
 */
export function applyTheme(choice: ThemeChoice, doc: Document = document): void {
	const root = doc.documentElement;
	if (choice === 'system') delete root.dataset.theme;
	else root.dataset.theme = choice;
	for (const old of doc.head.querySelectorAll('meta[name="theme-color"]')) old.remove();
	const tags: { color: string; media?: string }[] =
		choice === 'system'
			? [
					{ color: THEME_COLORS.light, media: '(prefers-color-scheme: light)' },
					{ color: THEME_COLORS.dark, media: '(prefers-color-scheme: dark)' }
				]
			: [{ color: THEME_COLORS[choice] }];
	for (const { color, media } of tags) {
		const meta = doc.createElement('meta');
		meta.name = 'theme-color';
		meta.content = color;
		if (media) meta.setAttribute('media', media);
		doc.head.append(meta);
	}
}
