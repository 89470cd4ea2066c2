/**
 * The theme a message is shown in (doc/rendering.md "Themes"): `<html data-theme="light|dark">`
 * when the reader chose one in Settings, else the system's `prefers-color-scheme`. Code colours
 * follow it in CSS (`./rich.css`); what is drawn with fixed colours (Mermaid's SVG) listens here
 * and is drawn again when it changes.
 */
import { mediaMatches, mediaQuery } from '$lib/platform/media-query';

/** The effective theme. */
export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the page shows now: the forced one (`data-theme`), else the system's. */
export function effectiveTheme(): Theme {
	const forced = document.documentElement.dataset.theme;
	if (forced === 'light' || forced === 'dark') return forced;
	return mediaMatches(DARK_QUERY) ? 'dark' : 'light';
}

const listeners = new Set<(theme: Theme) => void>();
let stopWatching: (() => void) | undefined;

/** Watch `data-theme` on `<html>` and the system preference; call listeners on a real change. */
function watch(): () => void {
	let current = effectiveTheme();
	const check = () => {
		const next = effectiveTheme();
		if (next === current) return;
		current = next;
		for (const listener of [...listeners]) listener(next);
	};
	const observer = new MutationObserver(check);
	observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
	const media = mediaQuery(DARK_QUERY);
	media?.addEventListener('change', check);
	return () => {
		observer.disconnect();
		media?.removeEventListener('change', check);
	};
}

/**
 * Call `listener` with the new effective theme each time it changes (a `data-theme` switch, or
 * the system's preference while no theme is forced). Returns the unsubscribe.
 */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
	listeners.add(listener);
	stopWatching ??= watch();
	return () => {
		listeners.delete(listener);
		if (listeners.size > 0 || !stopWatching) return;
		stopWatching();
		stopWatching = undefined;
	};
}
