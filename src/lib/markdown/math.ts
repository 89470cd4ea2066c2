/**
 * TeX math in markdown (doc/rendering.md "Math"): a `marked` extension that lifts `$$…$$`, `\[…\]`
 * (display) and `$…$`, `\(…\)` (inline) out of the text before markdown's own rules see it, so
 * backslashes survive (`\,` `\\` `\{` `\_`) and `_` or `*` inside a formula is no emphasis.
 *
 * A formula becomes `<code class="language-math math-inline">TeX</code>`, or
 * `<pre><code class="language-math math-display">TeX</code></pre>` for display math (what a
 * ```` ```math ```` fence gives too): plain text in the HTML, so the sanitizer and the
 * streaming-equals-one-shot property see nothing new; the page typesets it with KaTeX later
 * (`./katex.ts`) and until then the source shows.
 *
 * Money and shell are not math. A `$` formula follows Pandoc's rule: the opening `$` is followed
 * by a non-space, the closing one follows a non-space and is not followed by a letter or digit (`$HOME$PATH`); and it stays
 * on one line of a paragraph, has no backtick, and neither `$` touches a letter or digit outside it. So
 * `$5 and $10`, `costs $3.50 or $4`, `echo $HOME $PATH` stay text, and `$` inside code is code.
 * Display math has no blank line inside (it would end a paragraph while the text streams in).
 */
import type { TokenizerAndRendererExtension, Tokens } from 'marked';

/** The token the extension adds: the TeX source and whether it is display math. */
interface MathToken extends Tokens.Generic {
	type: 'math';
	raw: string;
	tex: string;
	display: boolean;
}

// Display math starting a block: `$$…$$` or `\[…\]` alone on its lines, no blank line inside.
const BLOCK =
	/^ {0,3}(?:\$\$((?:[^$\n]|\n(?!\s*\n)|\$(?!\$))+?)\$\$|\\\[((?:[^\n]|\n(?!\s*\n))+?)\\\]) *(?:\n+|$)/;
// Inline, at the current position.
const INLINE_DISPLAY =
	/^(?:\$\$((?:[^$\n]|\n(?!\s*\n)|\$(?!\$))+?)\$\$|\\\[((?:[^\n]|\n(?!\s*\n))+?)\\\])/;
const INLINE_PAREN = /^\\\(((?:[^\n]|\n(?!\s*\n))+?)\\\)/;
// Pandoc's `$`: no space after the opener, none before the closer, no letter or digit after it.
const INLINE_DOLLAR = /^\$(?=[^\s$])([^$\n`]*?[^\s$\\`])\$(?![\p{L}\p{N}])/u;
const START = /\$|\\[([]/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** The HTML of a formula (text only): what the page later typesets. */
export function mathHtml(tex: string, display: boolean): string {
	const source = escape(tex.trim());
	return display
		? `<pre><code class="language-math math-display">${source}</code></pre>\n`
		: `<code class="language-math math-inline">${source}</code>`;
}

function token(raw: string, tex: string, display: boolean): MathToken {
	return { type: 'math', raw, tex, display };
}

/** Display math that starts a block. */
export const mathBlock: TokenizerAndRendererExtension = {
	name: 'math',
	level: 'block',
	tokenizer(src) {
		const m = BLOCK.exec(src);
		return m ? token(m[0], m[1] ?? m[2]!, true) : undefined;
	},
	renderer(t) {
		const { tex, display } = t as MathToken;
		return mathHtml(tex, display);
	}
};

/** Math inside a paragraph: `$$…$$` and `\[…\]` typeset as display, `$…$` and `\(…\)` inline. */
export const mathInline: TokenizerAndRendererExtension = {
	name: 'mathInline',
	level: 'inline',
	start(src) {
		const i = src.search(START);
		return i < 0 ? undefined : i;
	},
	tokenizer(src, tokens) {
		const display = INLINE_DISPLAY.exec(src);
		if (display) return token(display[0], display[1] ?? display[2]!, true);
		const paren = INLINE_PAREN.exec(src);
		if (paren) return token(paren[0], paren[1]!, false);
		// `US$5`, `a$b$`: a `$` right after a letter or digit opens nothing.
		if (/[\p{L}\p{N}]$/u.test(tokens.at(-1)?.raw ?? '')) return undefined;
		const dollar = INLINE_DOLLAR.exec(src);
		if (dollar) return token(dollar[0], dollar[1]!, false);
		return undefined;
	},
	renderer(t) {
		const { tex, display } = t as MathToken;
		// Inside a paragraph display math cannot be a `pre`: a block of its own in the line.
		return display
			? `<code class="language-math math-display">${escape(tex.trim())}</code>`
			: mathHtml(tex, false);
	}
};
