/**
 * Tokenization shared by the index and its queries (doc/search.md "Tokens").
 *
 * - Text is folded: NFKD, combining marks dropped, lower case (`Café` → `cafe`, `Ｚ` → `z`).
 * - Words of letters/digits (any script with spaces) become one token each.
 * - Runs of CJK ideographs, kana and hangul have no spaces: each run is indexed as its overlapping
 *   character bigrams (a one-character run as itself), so a Chinese query finds Chinese text
 *   without a dictionary. A query run becomes the same bigrams (AND), checked as a substring.
 *   The run's last character is also a token of its own: every character of a run then starts
 *   a token, so a one-character query (a prefix) finds it anywhere.
 */

/** Ideographs, kana and hangul: scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A CJK run, or a word of letters, marks and digits (joined by `'` or `_` inside). */
const RUNS =
	/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+(?:['_][\p{L}\p{N}]+)*/gu;
/** The same words in ASCII-only text: a much cheaper regular expression for the common case. */
const ASCII_RUNS = /[a-z0-9]+(?:['_][a-z0-9]+)*/g;
const NON_ASCII = /[^\p{ASCII}]/u;
/** Tokens longer than this are cut (keys of an index, not the text). */
const MAX_TOKEN = 40;

/** `text` NFKD-folded, without combining marks, lower case. */
export function fold(text: string): string {
	if (!NON_ASCII.test(text)) return text.toLowerCase();
	return text
		.normalize('NFKD')
		.replace(/\p{M}+/gu, '')
		.toLowerCase();
}

/** Whether `run` (a token or query word) is CJK, i.e. indexed as bigrams. */
export function isCjk(run: string): boolean {
	return CJK.test(run);
}

/** The runs of already folded text: words, and CJK runs kept whole. */
export function runs(folded: string): string[] {
	return folded.match(NON_ASCII.test(folded) ? RUNS : ASCII_RUNS) ?? [];
}

/** The bigrams of a CJK run (the run itself when it is one character). */
export function bigrams(run: string): string[] {
	const chars = Array.from(run);
	if (chars.length < 2) return chars;
	const out: string[] = [];
	for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
	return out;
}

/**
 * The distinct index tokens of a message's text (order of first occurrence): words, and per CJK
 * run its bigrams plus its last character (see the module comment).
 */
export function tokens(text: string): string[] {
	const seen = new Set<string>();
	for (const run of runs(fold(text))) {
		if (isCjk(run)) {
			for (const b of bigrams(run)) seen.add(b);
			seen.add(Array.from(run).at(-1)!);
		} else seen.add(run.length > MAX_TOKEN ? run.slice(0, MAX_TOKEN) : run);
	}
	return [...seen];
}
