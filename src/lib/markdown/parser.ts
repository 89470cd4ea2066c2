/**
 * The one configured markdown parser: a private `Marked` instance, so nothing else in the app can
 * change its options through `marked`'s global defaults.
 */
import { Marked } from 'marked';

const parser = new Marked({
	// GitHub-flavoured markdown: tables, fenced code, strikethrough, task lists, autolinks.
	gfm: true,
	// A single newline is a soft break (as on GitHub), not `<br>`.
	breaks: false,
	async: false
});

/**
 * Markdown → HTML, NOT sanitized: raw HTML in `text` passes through. Only `./render.ts` calls this,
 * always followed by `sanitizeHtml`.
 */
export function parseMarkdown(text: string): string {
	return parser.parse(text, { async: false });
}
