/** Snippets: a message's text cut around a match, for search results (client and gateway). */

/** Characters of context kept on each side of the match. */
const CONTEXT = 40;

/** `text` cut to `[at, at + length)` and `CONTEXT` characters around it, `…` where it was cut. */
export function snippet(text: string, at: number, length: number): string {
	const start = Math.max(0, at - CONTEXT);
	const end = Math.min(text.length, at + length + CONTEXT);
	return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * A snippet around the first case-insensitive occurrence of any of `terms` in `text` (the start
 * of the text when none occurs, e.g. a match only after diacritic folding).
 */
export function snippetFor(text: string, terms: readonly string[]): string {
	const lower = text.toLowerCase();
	let at = -1;
	let length = 0;
	for (const term of terms) {
		const i = lower.indexOf(term.toLowerCase());
		if (i >= 0 && (at < 0 || i < at)) {
			at = i;
			length = term.length;
		}
	}
	return at < 0 ? snippet(text, 0, 0) : snippet(text, at, length);
}
