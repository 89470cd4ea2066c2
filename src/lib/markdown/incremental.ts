/**
 * Incremental markdown for one streaming message (doc/architecture.md "Data flow of one message").
 *
 * The text is cut into top-level blocks (the `marked` lexer's tokens). A block is *finished* once
 * the lexer has started another block after it on a complete line: no later text can change it
 * (appended text only changes the last block, or the unfinished last line). Finished blocks are
 * rendered and sanitized once and kept; each update re-lexes only the open tail, repaired with
 * the same fence, table and inline-mark fixes as `renderStreaming`, so an open code fence or table
 * renders as one and `**bold` as bold.
 *
 * A block also counts as finished as soon as nothing can extend it: an ATX heading once its line
 * is complete, a fenced code block once its closing fence line is, a paragraph or table once a
 * blank line follows. While the tail is one open top-level code fence, updates take the fast path
 * of `./open-fence.ts` (scan for the closer, show the body as text) instead of re-lexing it.
 *
 * Two things are not local to a block, and switch the message to whole-text rendering (correct,
 * just not incremental): link reference definitions (`[x]: url` resolves `[x]` anywhere) and raw
 * HTML (an unclosed `<b>` in one block would bleed into the next through the HTML parser). So are
 * carriage returns and text that does not extend the previous text (a replaced answer).
 *
 * Invariant (tested over every prefix of a corpus): after `finish(text)`, `html` equals
 * `renderMarkdown(text)` exactly.
 */
import type { Token, TokensList } from 'marked';
import { closeOpenFence } from './fences';
import { OpenFence, openCodeHtml, type OpenCode } from './open-fence';
import { lexMarkdown, parseTokens } from './parser';
import { renderMarkdown } from './render';
import { sanitizeHtml } from './sanitize';
import { renderStreaming } from './streaming';
import { closeOpenInline } from './inline-marks';
import { completeTableDelimiter, holdTableHeader } from './tables';

/** The rendered state of a message: finished blocks (stable strings) and the open tail. */
export interface RenderedBlocks {
	/** Sanitized HTML of finished blocks, in order; an entry never changes once added. */
	readonly blocks: readonly string[];
	/** Sanitized HTML of the open tail (re-rendered on each update); '' when finished. */
	readonly tail: string;
	/** An open code block after the tail, shown as text (the fast path); null when none. */
	readonly code: OpenCode | null;
}

/** The work a renderer did: renders, and characters handed to the lexer or scanned for a closer. */
export interface RenderWork {
	renders: number;
	charsParsed: number;
}

export class IncrementalMarkdown implements RenderedBlocks {
	#text = '';
	/** Offset in `#text` up to which blocks are finished and rendered into `#blocks`. */
	#committed = 0;
	#blocks: string[] = [];
	#tail = '';
	#code: OpenCode | null = null;
	/** The open code fence the tail consists of, while the fast path follows it. */
	#fence: OpenFence | null = null;
	/** Whole-text mode: a construct that is not block-local was seen (see the module doc). */
	#whole = false;
	/** `finish` ran: every block is closed, so more text is not an extension of it. */
	#finished = false;
	readonly #work: RenderWork = { renders: 0, charsParsed: 0 };

	/** What this renderer has done so far (it should stay near the final text's length). */
	get work(): Readonly<RenderWork> {
		return this.#work;
	}

	get blocks(): readonly string[] {
		return this.#blocks;
	}

	get tail(): string {
		return this.#tail;
	}

	get code(): OpenCode | null {
		return this.#code;
	}

	/** The full HTML (finished blocks + tail + open code block). */
	get html(): string {
		return this.#blocks.join('') + this.#tail + (this.#code ? openCodeHtml(this.#code) : '');
	}

	/**
	 * The message's full text so far. Cheap when `text` extends the previous text: only the part
	 * after the last finished block is lexed and rendered.
	 *
	 * @throws Error when called without a DOM (sanitizing needs one), like `renderMarkdown`.
	 */
	update(text: string): void {
		if (this.#finished) this.#reset();
		this.#advance(text, false);
	}

	/**
	 * The final text (`final_text` of `message.stop`, or the last streamed text): every block is
	 * finished, no repair applies, and `html` equals `renderMarkdown(text)`.
	 */
	finish(text: string): void {
		if (this.#finished && text === this.#text) return;
		// After a `finish` every block is closed: more text (a later `finish` or `update`) is
		// rendered from the start, or words added to the last paragraph would be one of their own.
		if (this.#finished) this.#reset();
		this.#advance(text, true);
		this.#finished = true;
	}

	#advance(text: string, final: boolean): void {
		if (!text.startsWith(this.#text)) this.#reset();
		// `marked` turns CR LF into LF, so lexer offsets would no longer match the text.
		if (text.includes('\r', this.#text.length)) this.#whole = true;
		this.#text = text;
		this.#code = null;
		if (this.#whole) {
			this.#count(text.length);
			// Finished, the whole HTML is one kept block; streaming, it is all tail.
			this.#blocks = final ? [renderMarkdown(text)] : [];
			this.#tail = final ? '' : renderStreaming(text);
			return;
		}
		if (!final && this.#followFence(text)) return;
		this.#fence = null;
		const rest = text.slice(this.#committed);
		// The unfinished last line starts here; a final text has none.
		const lastLine = final ? rest.length + 1 : rest.lastIndexOf('\n') + 1;
		const source = final ? rest : holdTableHeader(completeTableDelimiter(closeOpenFence(rest)));
		this.#count(source.length);
		const tokens = lexMarkdown(source);
		if (Object.keys(tokens.links).length > 0) return this.#goWhole(text, final);

		const open = final ? tokens.length : finishedCount(tokens, source, lastLine);
		const done = tokens.slice(0, open);
		if (done.some(hasRawHtml)) return this.#goWhole(text, final);
		const doneLength = done.reduce((n, t) => n + t.raw.length, 0);
		if (done.length > 0) {
			this.#blocks = [...this.#blocks, sanitizeHtml(parseTokens(done, tokens.links))];
			this.#committed += doneLength;
		}
		const openTokens = tokens.slice(open);
		this.#tail = final ? '' : this.#openTail(source.slice(doneLength), openTokens, tokens.links);
	}

	/** The open tail's HTML, its open inline marks closed (`./inline-marks.ts`). */
	#openTail(source: string, tokens: Token[], links: TokensList['links']): string {
		if (tokens.length === 0) return '';
		const closed = closeOpenInline(source, tokens);
		if (closed !== source) {
			// Part of this render: characters parsed, not a render of its own.
			this.#work.charsParsed += closed.length;
			tokens = lexMarkdown(closed);
		}
		return tokens.length > 0 ? sanitizeHtml(parseTokens(tokens, links)) : '';
	}

	/**
	 * The fast path: true if the tail is an open code fence, now shown as `#code`. A fence whose
	 * closer arrived becomes a finished block (false: the rest after it is lexed as usual).
	 */
	#followFence(text: string): boolean {
		this.#fence ??= OpenFence.at(text, this.#committed);
		if (!this.#fence) return false;
		const { code, scanned, closedAt } = this.#fence.advance(text);
		this.#count(scanned);
		if (closedAt === undefined) {
			this.#tail = '';
			this.#code = code;
			return true;
		}
		this.#blocks = [...this.#blocks, openCodeHtml(code)];
		this.#committed = closedAt;
		this.#fence = null;
		return false;
	}

	#count(chars: number): void {
		this.#work.renders += 1;
		this.#work.charsParsed += chars;
	}

	#goWhole(text: string, final: boolean): void {
		this.#whole = true;
		this.#advance(text, final);
	}

	#reset(): void {
		this.#text = '';
		this.#committed = 0;
		this.#blocks = [];
		this.#tail = '';
		this.#code = null;
		this.#fence = null;
		this.#whole = false;
		this.#finished = false;
	}
}

/**
 * How many leading tokens of a streaming tail are finished (`lastLine`: offset in `source` where
 * the unfinished last line starts). A token is finished when a later non-space token starts on a
 * complete line, or when it is closed itself: an ATX heading or a fenced code block whose last
 * line is complete, a paragraph or table followed by a complete blank line. A table whose
 * delimiter row is the unfinished line finishes nothing: that row may be the repair's guess
 * (`| sort` under `| grep x` is no table), and the paragraph above may go on.
 */
function finishedCount(tokens: TokensList, source: string, lastLine: number): number {
	let open = 0;
	let offset = 0;
	for (const [i, token] of tokens.entries()) {
		const guessed = token.type === 'table' && offset + token.raw.indexOf('\n') + 1 >= lastLine;
		if (i > 0 && token.type !== 'space' && offset < lastLine && !guessed) open = i;
		const end = offset + token.raw.length;
		if (isClosed(token, source, end, lastLine)) open = i + 1;
		offset = end;
	}
	return open;
}

const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|\n)/;
const FENCE_START = /^ {0,3}(?:`{3}|~{3})/;

/**
 * Whether `token` (ending at `end` in `source`) is closed: no later text can extend it. (A token's
 * `raw` may end with the newlines that follow it: `marked` appends a lone one to the token before.)
 */
function isClosed(token: Token, source: string, end: number, lastLine: number): boolean {
	const newlines = token.raw.length - token.raw.replace(/\n+$/, '').length;
	// Where the token's last line ends: the newline there must be in the text, not still to come.
	const lineEnd = end - newlines;
	switch (token.type) {
		case 'heading':
			return ATX_HEADING.test(token.raw) && newlines > 0 && lineEnd < lastLine;
		case 'code':
			// A newline after the closer: a real closer, not the streaming repair (which ends the text).
			return FENCE_START.test(token.raw) && source[lineEnd] === '\n' && lineEnd < lastLine;
		case 'paragraph':
		case 'table':
			// A blank line after it: two newlines, in the raw or just after it.
			return source.startsWith('\n\n', lineEnd) && lineEnd + 2 <= lastLine;
		default:
			return false;
	}
}

/** Whether a token (at any depth) is raw HTML, block or inline. */
function hasRawHtml(token: Token | TokensList | object): boolean {
	if ('type' in token && (token.type === 'html' || token.type === 'def')) return true;
	for (const value of Object.values(token)) {
		if (!Array.isArray(value)) continue;
		for (const item of value as unknown[]) {
			if (item !== null && typeof item === 'object' && hasRawHtml(item)) return true;
		}
	}
	return false;
}
