/**
 * The scan behind `./inline-marks.ts`: which inline marks are open at the end of a block's text
 * while it streams. Code spans come first (nothing inside one is a mark); URLs, autolinks and
 * HTML tags, link destinations and inline math are passed over whole (their `_` and `*` are not
 * emphasis); then runs of `**`, `__` and `~~` by CommonMark's flanking rules ("Emphasis and
 * strong emphasis"), with stricter openers: not right after a letter or digit (`2**10`), except
 * in scripts written without spaces (`这是**重要`), and only before a letter, digit, emoji or an
 * opening bracket, quote or backtick (a glob such as `**.md` stays text). Single `*` and `_` are
 * followed only so that `*em*` pairs up; `./inline-marks.ts` never closes one (a pointer, a glob,
 * a wildcard or `*args` is as common as emphasis). Linear in the text's length.
 */

/** A run of `*`, `_` or `~~` that opened emphasis and has not been closed. */
export interface Opener {
	mark: string;
	/** 1 to 3 (`***` opens strong and emphasis at once). Single ones are tracked, never closed. */
	length: number;
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
	const to = (closer: string, from: number) => {
		const end = text.indexOf(closer, from);
		return end < 0 ? text.length : end + closer.length;
	};
	if (c === '$' && next !== '' && !SPACE.test(next) && !/\d/.test(next))
		return next === '$' ? to('$$', at + 2) : to('$', at + 1);
	if (c === '\\' && next === '(') return to('\\)', at + 2);
	if (c === '<' && /[A-Za-z/!]/.test(next)) return to('>', at + 1);
	if (c === ']' && next === '(') return to(')', at + 2);
	if ((c === 'h' || c === 'w') && !WORD.test(text[at - 1] ?? ' ')) {
		if (URL_START.test(text.slice(at, at + 8))) {
			const space = text.slice(at).search(/\s/);
			return space < 0 ? text.length : at + space;
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
	const canOpen =
		left &&
		STARTS.test(after) &&
		(!WORD.test(before) || UNSPACED.test(before)) &&
		(c !== '_' || !right || PUNCTUATION.test(before));
	if (!canOpen) return false;
	open.push({ mark: c, length: Math.min(run, 3), at });
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
