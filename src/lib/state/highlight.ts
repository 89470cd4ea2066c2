/**
 * Split text around the matches of a query, for `<mark>` highlighting rendered as text nodes
 * (never as HTML, so a snippet cannot inject markup).
 */
import removeMd from 'remove-markdown';

/** A run of text; `match` runs are highlighted. */
export interface Segment {
	text: string;
	match: boolean;
}

/**
 * `text` split at every case-insensitive occurrence of each word of `query`, in order (phrase
 * quotes are not part of the words).
 */
export function highlight(text: string, query: string): Segment[] {
	const words = query
		.replace(/"/g, ' ')
		.trim()
		.split(/\s+/)
		.filter(Boolean)
		.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
	if (words.length === 0) return [{ text, match: false }];
	const re = new RegExp(words.join('|'), 'giu');
	const out: Segment[] = [];
	let last = 0;
	for (const m of text.matchAll(re)) {
		if (m[0] === '') continue;
		if (m.index > last) out.push({ text: text.slice(last, m.index), match: false });
		out.push({ text: m[0], match: true });
		last = m.index + m[0].length;
	}
	if (last < text.length) out.push({ text: text.slice(last), match: false });
	return out;
}

/** Stands for `<` while remove-markdown reads a snippet (a private-use character). */
const LT = String.fromCodePoint(0xe000);

/**
 * A search snippet as a reader sees the message: markdown syntax (emphasis, code ticks, link
 * targets, heading and list marks, tables) removed by `remove-markdown`, white space runs made
 * one space (a snippet shows on one line). Display only: offsets into the text are not kept.
 */
export function readableSnippet(snippet: string): string {
	// The chat shows raw HTML in a message as text (`<none>`, `<api-gw>`): so does the snippet.
	// remove-markdown would drop it as tags, so `<` is hidden from it and put back after.
	const hidden = snippet.replace(/</g, LT);
	return (
		removeMd(hidden, { gfm: true, useImgAltText: true })
			// A snippet cut inside `**bold**` or a code span leaves one half of the pair, which
			// remove-markdown keeps: markers of two or more, and code ticks, are never content here.
			.replace(/\*{2,}|_{2,}|~{2,}|`+/g, '')
			.replace(/\s+/g, ' ')
			.replaceAll(LT, '<')
			.trim()
	);
}
