/**
 * Rendered HTML of finished messages, by their text, so a bubble mounted again (switching back
 * to a channel, scrolling a row back into view) skips `marked` and DOMPurify
 * (doc/architecture.md "Channel switch"). The HTML depends on the text alone (the sanitizer's
 * policy is fixed), so the text is the key. Bounded by entries and by size (long answers would
 * otherwise hold tens of MB): the least recently used entries go first.
 */

/**
 * Entries kept at most: what the channels kept in `state/channel-pages.ts` (8) show when
 * switched back to (a screen and the list's rows around it, 10–20 each) a couple of times over.
 * 600 held as much again for rows that will not be shown soon, and a long session's heap grew by
 * it until the cache was full (bench/README.md "Long-session memory").
 */
export const KEPT_RENDERS = 200;
/** Text and HTML kept at most, in UTF-16 code units (≤ 2 bytes each): at most 0.8 MB. */
export const KEPT_CHARS = 400_000;
/** Longer texts are rendered each time (rare, and each would hold much memory). */
export const MAX_CACHED_CHARS = 20_000;

/** Most recently used last (a Map keeps insertion order). */
const html = new Map<string, string>();
/** Code units of every key and value in `html`. */
let keptChars = 0;

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
	keptChars += text.length + out.length;
	while (html.size > KEPT_RENDERS || keptChars > KEPT_CHARS) {
		const [oldText, oldHtml] = html.entries().next().value as [string, string];
		html.delete(oldText);
		keptChars -= oldText.length + oldHtml.length;
	}
	return out;
}

/** What the cache holds now: entries and code units (for tests). */
export function cachedSize(): { entries: number; chars: number } {
	return { entries: html.size, chars: keptChars };
}

/** Empty the cache (for tests). */
export function clearRenders(): void {
	html.clear();
	keptChars = 0;
}
