/**
 * The scan behind `./inline-marks.ts`: which inline marks are open at the end of a block's text
 * while it streams. Code spans come first (nothing inside one is a mark); URLs, autolinks and
 * HTML tags, link destinations and inline math are passed over whole (their `_` and `*` are not
 * emphasis); then runs of `*`, `_` and `~` by CommonMark's flanking rules ("Emphasis and
 * strong emphasis"). Only `**` and `~~` openers after whitespace, an opening bracket or quote, or
 * in scripts written without spaces (`这是**重要`), and before a letter, digit, emoji, bracket,
 * quote or backtick, are ones the repair closes; the others (single `*` and `_`, `__`, `2**10`,
 * `**.md`, `f(**opts)`) are weak: followed so that their closers pair up, never closed (a
 * pointer, a glob, `*args` or `__dirname` is as common as emphasis). Linear in the length.
 */

/** A run of `*`, `_` or `~~` that opened emphasis and has not been closed. */
export interface Opener {
	mark: string;
	/** 1 to 3 (`***` opens strong and emphasis at once). */
	length: number;
	/** Tracked so that its closer pairs up, never closed by the repair (see the module doc). */
	weak: boolean;
	/** Where its run starts in the text. */
	at: number;
}

/** What is open at the end of the scanned text. */
export interface ScanEnd {
	/** The openers still open, outermost first. */
	open: Opener[];
	/** The backtick run of a code span still open (0: none), and where it starts. */
	code: number;
	codeAt: number;
	/** Where a run (or a backslash) that ends the text starts, when it neither opens nor closes. */
	bare: number | null;
}

const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// Scripts written without spaces between words: a mark right after a letter still opens.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// What emphasis starts with, in practice.
const STARTS = /[\p{L}\p{N}\p{Extended_Pictographic}`[("'‘“]/u;
const URL_START = /^(?:https?:\/\/|www\.)/;
// What may come right before a strong opener besides whitespace: an opening bracket or quote.
const OPENING = /[([{"'‘“]/u;
// What ends a URL without being part of it (GFM autolinks' trailing punctuation), marks too.
const URL_TAIL = /[*_~.,:;!?'")\]]+$/;
/** Openers kept (deeper nesting is not emphasis anyone writes). */
const MAX_OPEN = 16;

/** Scan `text` (a block's inline text) and return what is open at its end. */
export function scanInline(text: string): ScanEnd {
	const open: Opener[] = [];
	let bare: number | null = null;
	for (let i = 0; i < text.length;) {
		const c = text[i]!;
		if (c === '`') {
			const run = runLength(text, i);
			const close = closingRun(text, i + run, run);
			if (close < 0) return { open, code: run, codeAt: i, bare: null };
			i = close + run;
			continue;
		}
		const opaque = opaqueEnd(text, i);
		if (opaque > i) {
			i = opaque;
			continue;
		}
		if (c === '\\') {
			// A backslash being typed escapes what comes next, a closer too: held back.
			if (i + 1 === text.length) bare = i;
			i += 2;
			continue;
		}
		if (c === '*' || c === '_' || c === '~') {
			const run = runLength(text, i);
			if (!mark(text, i, run, open) && i + run === text.length) bare = i;
			i += run;
			continue;
		}
		i += 1;
	}
	return { open, code: 0, codeAt: 0, bare };
}

/**
 * Where a construct whose characters are not marks ends, if one starts at `at` (else `at`): a
 * URL (up to whitespace), an autolink or HTML tag (`<…>`), a link destination (`](…)`), inline
 * math (`$…$`, `\(…\)`; `$` before a digit is money). One still being typed runs to the end.
 */
function opaqueEnd(text: string, at: number): number {
	const c = text[at];
	const next = text[at + 1] ?? '';
	// Only a construct that is closed: one still being typed may be plain text (`$HOME`, `a < b`).
	const to = (closer: string, from: number) => {
		const end = text.indexOf(closer, from);
		return end < 0 ? at : end + closer.length;
	};
	if (c === '$' && next !== '' && !SPACE.test(next) && !/\d/.test(next))
		return next === '$' ? to('$$', at + 2) : to('$', at + 1);
	if (c === '\\' && next === '(') return to('\\)', at + 2);
	if (c === '<' && /[A-Za-z/!]/.test(next)) return to('>', at + 1);
	// A destination being typed is the open link's (`./inline-marks.ts` shows its label).
	if (c === ']' && next === '(') return to(')', at + 2) > at ? to(')', at + 2) : text.length;
	if ((c === 'h' || c === 'w') && !WORD.test(text[at - 1] ?? ' ')) {
		if (URL_START.test(text.slice(at, at + 8))) {
			const space = text.slice(at).search(/\s/);
			const url = space < 0 ? text.slice(at) : text.slice(at, at + space);
			return at + url.replace(URL_TAIL, '').length;
		}
	}
	return at;
}

/** Apply one run of `*`, `_` or `~` at `at`: close an opener or open one. True if it did. */
function mark(text: string, at: number, run: number, open: Opener[]): boolean {
	const c = text[at]!;
	if (c === '~' && run !== 2) return false;
	const before = charBefore(text, at);
	const after = String.fromCodePoint(text.codePointAt(at + run) ?? 32);
	const left = flanks(after, before);
	const right = flanks(before, after);
	const canClose = c === '_' ? right && (!left || PUNCTUATION.test(after)) : right;
	if (canClose) {
		// A single mark closes a single one; `**` and `***` close `**` or `***` (no rule of 3).
		const index = open.findLastIndex(
			(o) => o.mark === c && (run === 1 ? o.length === 1 : o.length > 1 && o.length <= run)
		);
		if (index >= 0) {
			// Marks opened inside it and never closed stay text (CommonMark leaves them too).
			open.length = index;
			return true;
		}
	}
	// CommonMark's opener; a weak one (tracked so that its closer pairs up, never closed here)
	// unless it is `**` or `~~` where emphasis starts in practice.
	const canOpen = left && (c !== '_' || !right || PUNCTUATION.test(before));
	if (!canOpen) return false;
	const strong =
		run >= 2 &&
		c !== '_' &&
		STARTS.test(after) &&
		(SPACE.test(before) ||
			UNSPACED.test(before) ||
			// `(**note**)`, not a call's `f(**opts)`.
			(OPENING.test(before) && !WORD.test(text[at - 2] ?? ' ')));
	open.push({ mark: c, length: Math.min(run, 3), at, weak: !strong });
	// Openers left open pile up only in text that is not emphasis: the oldest stop counting.
	if (open.length > MAX_OPEN) open.shift();
	return true;
}

/**
 * CommonMark's flanking test, from the side the run faces (`next`) and its back (`prev`):
 * `next` is not whitespace, and not punctuation unless `prev` is whitespace or punctuation.
 */
function flanks(next: string, prev: string): boolean {
	if (SPACE.test(next)) return false;
	return !PUNCTUATION.test(next) || SPACE.test(prev) || PUNCTUATION.test(prev);
}

/** Where a run of exactly `run` backticks starts at or after `from`; -1 when none. */
function closingRun(text: string, from: number, run: number): number {
	for (let i = text.indexOf('`', from); i >= 0; i = text.indexOf('`', i)) {
		const length = runLength(text, i);
		if (length === run) return i;
		i += length;
	}
	return -1;
}

/** The character (code point) before `at`, or a space at the start. */
function charBefore(text: string, at: number): string {
	if (at === 0) return ' ';
	const low = text.charCodeAt(at - 1);
	const pair = low >= 0xdc00 && low <= 0xdfff && at > 1;
	return pair ? text.slice(at - 2, at) : text[at - 1]!;
}

/** The length of the run of the character at `at`. */
function runLength(text: string, at: number): number {
	let end = at;
	while (text[end] === text[at]) end++;
	return end - at;
}
