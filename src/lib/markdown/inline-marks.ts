/**
 * Inline repair for streaming text: the marks of the block being written are closed as if the
 * text ended there, so `This is **demo` shows **demo** in bold at once instead of flashing
 * `**demo` and jumping to bold a word later. The same for `__strong__`, `~~del~~` and
 * `` `code` ``; a link still being typed shows its label (`[Hermes docs](https://exa` →
 * "Hermes docs", then the link once its `)` arrives) and an image nothing until it is whole; a
 * mark or backslash with nothing after it yet (`is **`) is held back, as is a line of block
 * markers alone (`> `, `## `, `- `, `1.`: an empty quote, heading or list item, or a list's first
 * marker under a paragraph, which shows as text or makes it a setext heading for a moment).
 *
 * Only the innermost block that ends the text and is still open is touched (a paragraph, a
 * heading being typed, a list item, a quote or a table's last cell); code blocks, math blocks and
 * everything finished are left as they are. What counts as an open mark is `./inline-scan.ts`'s
 * (single `*` and `_` never do: too often text). A mark opened far back is taken for text, since
 * showing the rest of a paragraph bold by mistake would be the bigger jump. The final render
 * never goes through here (`renderMarkdown`).
 */
import type { Token, Tokens } from 'marked';
import { scanInline, type Opener } from './inline-scan';
import { lexMarkdown } from './parser';

/** How far back (characters) an open code span or emphasis still counts as being written. */
const CODE_REACH = 250;
const EMPHASIS_REACH = 250;
/** Held-back marks dropped in a row before giving up (`a ** ** **`: text, not marks). */
const DROPS = 3;

// The start of a setext underline (`-`, `--`, `=`, `==`), after any quote markers: more likely a
// list's first bullet or a line of text on its way; from three on it is taken for the underline.
const UNDERLINE = /^(?:[ \t]*>)*[ \t]*(?:={1,2}|-{1,2})[ \t]*$/;
// A line with only block markers yet (`> `, `## `, `- `, `1.`): an empty quote, heading or list
// item, or a list that has not interrupted the paragraph above yet.
const MARKERS_ONLY = /^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]*|#{1,6}[ \t]*)?$/;
// The end of a link or image being typed: `[label` (short, no parentheses: `[0, 1)` is an
// interval) or `[label](destination`; not inside a code span (no backticks).
const OPEN_LINK = /(^|[\s([{*_~"'])(!?)\[(?:([^[\]`\n()]{0,50})|([^[\]`\n]*)\]\([^()\s]*)$/u;
// What would make a label at the start of a line a block (`1. `, `> `, `# `, `- `).
const BLOCK_START = /^(\s*)(?:(\d{1,9})([.)])(?=\s|$)|(>|#{1,6}(?=\s|$)|[-+*](?=\s|$)))/;

/**
 * `text` with the open inline marks of its last block closed (see the module doc); `tokens` are
 * `text`'s tokens when the caller has lexed it already. Unchanged when nothing is open.
 */
export function closeOpenInline(
	text: string,
	tokens: readonly Token[] = lexMarkdown(text)
): string {
	const held = withoutMarkers(text);
	if (held !== text) return held;
	const lastLine = text.slice(text.lastIndexOf('\n') + 1);
	const block = lastBlock(tokens);
	if (!block) return text;
	if (block.type === 'heading') {
		if (block.raw.trimEnd().includes('\n')) {
			// A setext heading whose underline is being typed: the line above stays a paragraph.
			return lastLine !== '' && UNDERLINE.test(lastLine) ? text.slice(0, -lastLine.length) : text;
		}
		// A whole heading line is a finished block (the incremental renderer keeps a top-level one
		// as it is; in a list item the item goes on, and so does the repair).
		if (block === tokens.at(-1) && block.raw.endsWith('\n')) return text;
	}
	const inline = block.type === 'table' ? openCell(lastLine) : (block as { text: string }).text;
	if (inline === null) return text;
	// The block's text ends where `text` does (it always should: a safety net, not a rule), and
	// only its last line changes.
	const body = inline.trimEnd();
	const end = text.trimEnd();
	const lineStart = body.lastIndexOf('\n') + 1;
	if (body === '' || !end.endsWith(body.slice(lineStart))) return text;
	const repaired = closeInline(body, lineStart);
	let kept = 0;
	while (kept < body.length && body[kept] === repaired[kept]) kept++;
	if (kept === body.length && repaired.length === body.length) return text;
	if (kept < lineStart) {
		// What was held back took the whole last line: the same for the text without it.
		const above = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
		return above.length < text.length ? closeOpenInline(above) : text;
	}
	const head = end.slice(0, end.length - (body.length - kept));
	return withoutMarkers(head + repaired.slice(kept) + text.slice(end.length));
}

/** `text` without a last line of block markers alone (see `MARKERS_ONLY`). */
function withoutMarkers(text: string): string {
	const lastLine = text.slice(text.lastIndexOf('\n') + 1);
	return lastLine.trim() !== '' && MARKERS_ONLY.test(lastLine)
		? text.slice(0, -lastLine.length)
		: text;
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

/**
 * `body` (inline text without trailing whitespace; its last line starts at `lineStart`) with
 * what is open at its end closed: a link's label for the link, then held-back marks dropped and
 * the open ones closed.
 */
function closeInline(body: string, lineStart: number): string {
	let text = showLabel(body, lineStart).trimEnd();
	for (let drops = 0; drops <= DROPS; drops++) {
		const { open, code, codeAt, bare } = scanInline(text);
		if (code > 0) {
			if (text.length - codeAt > CODE_REACH) return text;
			// Backticks with nothing after them yet: held back rather than shown as an empty span.
			if (text.slice(codeAt + code).trim() !== '')
				return text + '`'.repeat(code) + closers(open, text.length);
			text = text.slice(0, codeAt).trimEnd();
		} else if (bare !== null) {
			text = text.slice(0, bare).trimEnd();
		} else {
			return text + closers(open, text.length);
		}
	}
	return body;
}

/** `text` with a link being typed at its end shown as its label, an image as nothing. */
function showLabel(text: string, lineStart: number): string {
	if (scanInline(text).code > 0) return text;
	const link = OPEN_LINK.exec(text);
	if (!link) return text;
	const [whole, before = '', image, open, closed] = link;
	const at = text.length - whole.length + before.length;
	let label = image ? '' : (open ?? closed ?? '');
	// At the start of a line, `[1. Introduction](#…` must not turn into a numbered list.
	if (at === lineStart || text[at - 1] === '\n')
		label = label.replace(BLOCK_START, (_, space, digits, dot, sign) =>
			digits ? `${space}${digits}\\${dot}` : `${space}\\${sign}`
		);
	return text.slice(0, at) + label;
}

/**
 * Closers for the strong openers still open (innermost first) within reach of `end`; none when
 * a weak one is open inside them (`**very *important`: closing the outer one would pair up the
 * inner one wrongly).
 */
function closers(open: readonly Opener[], end: number): string {
	const closing = open.filter((o) => !o.weak && end - o.at <= EMPHASIS_REACH);
	const first = closing[0];
	if (first && open.some((o) => o.weak && o.at > first.at)) return '';
	return closing
		.map((o) => o.mark.repeat(o.length))
		.reverse()
		.join('');
}
