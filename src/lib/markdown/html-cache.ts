/**
 * Rendered HTML of finished messages, by their text, so a bubble mounted again (switching back
 * to a channel, scrolling a row back into view) skips `marked` and DOMPurify
 * (doc/architecture.md "Channel switch"). The HTML depends on the text alone (the sanitizer's
 * policy is fixed), so the text is the key. Bounded: the least recently used entries go first.
 */

/** Entries kept: a few screens of several channels. */
export const KEPT_RENDERS = 600;
/** Longer texts are rendered each time (rare, and each would hold much memory). */
export const MAX_CACHED_CHARS = 20_000;

/** Most recently used last (a Map keeps insertion order). */
const html = new Map<string, string>();

/**
 * The HTML of `text` as `render` makes it, from the cache when rendered before.
 *
 * @throws whatever `render` throws (nothing is cached then).
 */
export function renderCached(text: string, render: (text: string) => string): string {
	const kept = html.get(text);
	if (kept !== undefined) {
		html.delete(text);
		html.set(text, kept);
		return kept;
	}
	const out = render(text);
	if (text.length > MAX_CACHED_CHARS) return out;
	html.set(text, out);
	if (html.size > KEPT_RENDERS) html.delete(html.keys().next().value as string);
	return out;
}
