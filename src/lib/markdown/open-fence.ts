/**
 * The streaming fast path for an open fenced code block (doc/architecture.md "Data flow of one
 * message"): while the open tail of a message is one top-level fenced code block whose closer has
 * not arrived, an update only scans the new lines for that closer — no lexing, no sanitizing — and
 * the page shows the body as text inside `<pre><code>`. A 1 kB code block streamed in 50-character
 * steps is then read once, not ~20 times. When the closer arrives the block is finished, and its
 * HTML is the same `<pre><code>` (it holds only text), so it is not lexed even then.
 *
 * What it shows equals `renderStreaming` of the same text (`marked` on the fence-repaired text):
 * the language is the info string's first word, a fence line still being typed on the unfinished
 * last line is held back, and the body ends with one newline. Openers it does not handle (indented,
 * inside a container, an info string with other characters than a language class allows) stay on
 * the lexer path.
 */
import { isFenceLineArriving } from './fences';

/** An open code block for display: `text` is shown as is (it is text, not HTML). */
export interface OpenCode {
	/** The info string's first word ('' when none): the `language-*` class of the `<code>`. */
	readonly lang: string;
	/** The body as `marked` shows it: '' when empty, else ending with one newline. */
	readonly text: string;
}

// At column 0 after blank lines (the tail starts on a block boundary), on a complete line. A
// backtick fence's info string has no backtick (else it is inline code).
const OPENER = /\n*(?:(`{3,})([^`\n]*)|(~{3,})([^\n]*))\n/y;
// What `policy.ts` keeps as a `language-*` class; anything else takes the lexer path.
const LANG = /^[\w#+.-]*$/;

/** The HTML `renderStreaming` gives for an open code block (as DOMPurify serializes text). */
export function openCodeHtml(code: OpenCode): string {
	const text = code.text.replace(/[&<>\u00a0]/g, (c) => ESCAPES[c]!);
	const open = code.lang ? `<pre><code class="language-${code.lang}">` : '<pre><code>';
	return `${open}${text}</code></pre>\n`;
}

const ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'\u00a0': '&nbsp;'
};

/** One open fenced code block of a streaming text, tracked across updates. */
export class OpenFence {
	readonly lang: string;
	readonly #fence: string;
	/** Matches a line that closes this fence (`marked`'s rule: ≤ 3 spaces, ≥ the fence, spaces). */
	readonly #closer: RegExp;
	/** Offset in the text where the body starts (after the opener line). */
	readonly #body: number;
	/** Offset up to which complete lines were checked for the closer. */
	#scanned: number;
	/** Length of the text at the last `advance`: what was searched for newlines. */
	#seen: number;

	private constructor(fence: string, lang: string, body: number) {
		this.#fence = fence;
		this.lang = lang;
		this.#closer = new RegExp(`^ {0,3}${fence}${fence[0]}* *$`);
		this.#body = body;
		this.#scanned = body;
		this.#seen = body;
	}

	/** The fenced code block that opens at offset `from` of `text`, if the fast path handles it. */
	static at(text: string, from: number): OpenFence | null {
		OPENER.lastIndex = from;
		const m = OPENER.exec(text);
		if (!m) return null;
		const fence = m[1] ?? m[3]!;
		const lang = (m[2] ?? m[4]!).trim().split(/\s/, 1)[0]!;
		if (!LANG.test(lang)) return null;
		return new OpenFence(fence, lang, from + m[0].length);
	}

	/**
	 * Follow `text` (the same text, extended): scan the characters not seen yet for the closer.
	 * Returns the code block as it now shows, how many characters were scanned, and, once the
	 * closer has arrived on a complete line, `closedAt`: the offset just past the closer (the block
	 * is then finished; `code` is its final body).
	 */
	advance(text: string): { code: OpenCode; scanned: number; closedAt?: number } {
		const scanned = text.length - this.#seen;
		// The line from `#scanned` had no newline up to `#seen`: only new characters are searched.
		for (let nl = text.indexOf('\n', this.#seen); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
			if (this.#closer.test(text.slice(this.#scanned, nl))) {
				const code = { lang: this.lang, text: text.slice(this.#body, this.#scanned) };
				return { code, scanned, closedAt: nl };
			}
			this.#scanned = nl + 1;
		}
		this.#seen = text.length;
		const last = text.slice(this.#scanned);
		const end = isFenceLineArriving(last, this.#fence) ? this.#scanned : text.length;
		let body = text.slice(this.#body, end);
		if (body && !body.endsWith('\n')) body += '\n';
		return { code: { lang: this.lang, text: body }, scanned };
	}
}
