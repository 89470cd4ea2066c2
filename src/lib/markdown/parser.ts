/**
 * The one configured markdown parser: a private `Marked` instance, so nothing else in the app can
 * change its options through `marked`'s global defaults.
 */
import { Marked, type Token, type TokensList } from 'marked';
import { mathBlock, mathInline } from './math';

const parser = new Marked({
	// GitHub-flavoured markdown: tables, fenced code, strikethrough, task lists, autolinks.
	gfm: true,
	// A single newline is a soft break (as on GitHub), not `<br>`.
	breaks: false,
	async: false
});
// TeX math before markdown's own rules, so its backslashes survive (`./math.ts`).
parser.use({ extensions: [mathBlock, mathInline] });

/**
 * Markdown → HTML, NOT sanitized: raw HTML in `text` passes through. Only `./render.ts` calls this,
 * always followed by `sanitizeHtml`.
 */
export function parseMarkdown(text: string): string {
	return parser.parse(text, { async: false });
}

/**
 * Split markdown into top-level block tokens (`marked`'s lexer, inline tokens included). The
 * tokens' `raw` strings concatenate to `text` (after CR LF → LF); `links` holds the link reference
 * definitions found.
 */
export function lexMarkdown(text: string): TokensList {
	return parser.lexer(text);
}

/**
 * Tokens from `lexMarkdown` → HTML, NOT sanitized (as `parseMarkdown`). `links` are the
 * definitions of the lexed text; rendering a subset of its tokens gives that subset's HTML.
 */
export function parseTokens(tokens: Token[], links: TokensList['links']): string {
	return parser.parser(Object.assign([...tokens], { links }) as TokensList);
}
