/**
 * Inline repair for streaming text: the marks of the block being written are closed as if the
 * text ended there, so `This is **demo` shows **demo** in bold at once instead of flashing
 * `**demo` and jumping to bold a word later. The same for `*em*`, `_em_`, `~~del~~` and
 * `` `code` ``; a link still being typed shows its label (`[Hermes docs](https://exa` →
 * "Hermes docs", then the link once its `)` arrives) and an image nothing until it is whole; a
 * mark with nothing after it yet (`is **`) is held back, as is a line that would turn the
 * paragraph above into a setext heading for a moment (`Intro` + `-`, a list's first bullet).
 *
 * Only the innermost block that ends the text is touched (a paragraph, heading, list item, quote
 * or a table's last cell); code blocks, math and everything finished are left as they are. The
 * scan follows CommonMark's delimiter rules ("Emphasis and strong emphasis": left/right-flanking
 * runs, `_` not inside words) with one stricter rule for openers: a mark right after a letter or
 * digit does not open (`2*x`, `snake_case`, `2**10` stay text), so text that only looks like
 * emphasis is not shown as such. The final render never goes through here (`renderMarkdown`).
 */
import type { Token, Tokens } from 'marked';
import { lexMarkdown } from './parser';

/** A run of `*`, `_` or `~~` that opened emphasis and has not been closed. */
interface Opener {
	mark: string;
	length: number;
	/** Where its run starts in the text. */
	at: number;
}

/** The state at the end of a scan of inline text. */
interface ScanEnd {
	/** The openers still open, outermost first. */
	open: Opener[];
	/** The backtick run of a code span still open (0: none), and where it starts. */
	code: number;
	codeAt: number;
	/** Where a run that ends the text starts, when it neither opens nor closes anything. */
	bare: number | null;
}

/** How far back (characters) an open code span still counts as one being written. */
const CODE_REACH = 80;
/** The same for emphasis: `*em*` is a few words, `**strong**` up to a sentence or two. */
const reach = (length: number) => (length === 1 ? 80 : 160);

const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// The start of a setext underline (`-`, `--`, `=`, `==`): more likely a list's first bullet or a
// line of text on its way; from three on it is taken for the underline it looks like.
const UNDERLINE = /^ {0,3}(?:={1,2}|-{1,2})[ \t]*$/;
// The end of a link or image still being typed (not inside a code span: no backticks).
const OPEN_LINK = /(^|[\s([{*_~"'])(!?)\[([^[\]`\n]*)(?:\]|\]\([^()\s]*)?$/u;

/**
 * `text` with the open inline marks of its last block closed (see the module doc); `tokens` are
 * `text`'s tokens when the caller has lexed it already. Unchanged when nothing is open.
 */
export function closeOpenInline(
	text: string,
	tokens: readonly Token[] = lexMarkdown(text)
): string {
	const block = lastBlock(tokens);
	if (!block) return text;
	const lastLine = text.slice(text.lastIndexOf('\n') + 1);
	if (block.type === 'heading' && block.raw.trimEnd().includes('\n')) {
		// A setext heading whose underline is still being typed: the line above stays a paragraph.
		return lastLine !== '' && UNDERLINE.test(lastLine) ? text.slice(0, -lastLine.length) : text;
	}
	const inline = block.type === 'table' ? openCell(lastLine) : (block as { text: string }).text;
	if (inline === null) return text;
	// The block's text ends where `text` does (it always should: a safety net, not a rule), and
	// only its last line changes.
	const body = inline.trimEnd();
	const end = text.trimEnd();
	const lineStart = body.lastIndexOf('\n') + 1;
	if (body === '' || !end.endsWith(body.slice(lineStart))) return text;
	const repaired = closeInline(body);
	let kept = 0;
	while (kept < body.length && body[kept] === repaired[kept]) kept++;
	if (kept === body.length && repaired.length === body.length) return text;
	if (kept < lineStart) return text;
	return (
		end.slice(0, end.length - (body.length - kept)) + repaired.slice(kept) + text.slice(end.length)
	);
}
/**
 * The innermost block that ends the tokens' text: a paragraph, heading, list item's text or a
 * table; null when the text ends in anything else (code, math, a rule, a blank line).
 */
function lastBlock(tokens: readonly Token[]): Token | null {
	const last = tokens.at(-1);
	switch (last?.type) {
		case 'paragraph':
		case 'text':
		case 'heading':
		case 'table':
			return last;
		case 'list':
			return lastBlock((last as Tokens.List).items.at(-1)?.tokens ?? []);
		case 'blockquote':
			return lastBlock((last as Tokens.Blockquote).tokens);
		default:
			return null;
	}
}

/** The text of a table row's last cell while it is typed; null once the row ends with a pipe. */
function openCell(line: string): string | null {
	if (line.trim() === '' || line.trimEnd().endsWith('|')) return null;
	return line.slice(line.lastIndexOf('|') + 1);
}

/** `body` (inline text without trailing whitespace) with what is open at its end closed. */
function closeInline(body: string): string {
	let text = body;
	const link = scan(text).code > 0 ? null : OPEN_LINK.exec(text);
	if (link) {
		const [whole, before = '', image, label = ''] = link;
		// An image shows nothing until whole; a link its label (its own marks closed below).
		text = text.slice(0, text.length - whole.length + before.length) + (image ? '' : label);
	}
	const { code, codeAt, bare, ...rest } = scan(text);
	// Emphasis is short: a mark opened long ago is more likely text (`*args and **kwargs`), and
	// showing the rest of the paragraph bold until it ends would be the bigger jump.
	const open = rest.open.filter((o) => text.length - o.at <= reach(o.length));
	if (code > 0 && text.length - codeAt > CODE_REACH) return text;
	if (code > 0) {
		// Nothing typed after the backticks yet: hold them back rather than show an empty span.
		if (text.slice(codeAt + code).trim() === '') return text.slice(0, codeAt) + closers(open);
		return text + '`'.repeat(code) + closers(open);
	}
	return (bare === null ? text : text.slice(0, bare)) + closers(open);
}

/**
 * Scan inline text for marks left open at its end: code spans first (nothing inside them is a
 * mark), backslash escapes, then runs of `*`, `_` and `~~` by CommonMark's flanking rules.
 */
function scan(text: string): ScanEnd {
	const open: Opener[] = [];
	let code = 0;
	let codeAt = 0;
	let bare: number | null = null;
	for (let i = 0; i < text.length;) {
		const c = text[i]!;
		const run = runLength(text, i);
		if (code > 0) {
			if (c === '`' && run === code) code = 0;
			i += c === '`' ? run : 1;
			continue;
		}
		if (c === '\\') {
			i += 2;
			continue;
		}
		if (c === '`') {
			code = run;
			codeAt = i;
		} else if (c === '*' || c === '_' || c === '~') {
			const used = (c !== '~' || run === 2) && mark(text, i, run, open);
			if (!used && i + run === text.length) bare = i;
		}
		i += c === '`' || c === '*' || c === '_' || c === '~' ? run : 1;
	}
	return { open, code, codeAt, bare };
}

/** Apply one run of `*`, `_` or `~~` at `at`: close an opener or open one. True if it did. */
function mark(text: string, at: number, run: number, open: Opener[]): boolean {
	const c = text[at]!;
	const before = text[at - 1] ?? ' ';
	const after = text[at + run] ?? ' ';
	const left = flanks(after, before);
	const right = flanks(before, after);
	const canClose = c === '_' ? right && (!left || PUNCTUATION.test(after)) : right;
	const canOpen = left && !WORD.test(before) && (c !== '_' || !right || PUNCTUATION.test(before));
	if (canClose) {
		const index = open.findLastIndex((o) => o.mark === c);
		if (index >= 0) {
			const opener = open[index]!;
			// Marks opened inside it and never closed stay text (CommonMark drops them too).
			open.length = run < opener.length ? index + 1 : index;
			if (run < opener.length) opener.length -= run;
			return true;
		}
	}
	if (canOpen) open.push({ mark: c, length: c === '~' ? 2 : Math.min(run, 3), at });
	return canOpen;
}

/**
 * CommonMark's flanking test, from the side the run faces (`next`) and its back (`prev`):
 * `next` is not whitespace, and not punctuation unless `prev` is whitespace or punctuation.
 */
function flanks(next: string, prev: string): boolean {
	if (SPACE.test(next)) return false;
	return !PUNCTUATION.test(next) || SPACE.test(prev) || PUNCTUATION.test(prev);
}

/** Closers for the openers still open, innermost first. */
function closers(open: readonly Opener[]): string {
	return open
		.map((o) => o.mark.repeat(o.length))
		.reverse()
		.join('');
}

/** The length of the run of the character at `at`. */
function runLength(text: string, at: number): number {
	let end = at;
	while (text[end] === text[at]) end++;
	return end - at;
}
