/**
 * Markdown for complete messages. For a message still streaming use `renderStreaming`.
 */
import { parseMarkdown } from './parser';
import { sanitizeHtml } from './sanitize';

/**
 * Render message markdown (GFM: tables, fenced code, task lists; no hard breaks on single
 * newlines) to sanitized HTML for `{@html}`. Raw HTML inside the markdown is treated as untrusted
 * and sanitized, never executed; see `./policy.ts` for exactly what survives.
 *
 * Fenced code becomes `<pre><code class="language-xxx">`; `p`, `li`, `h1`–`h6`, `blockquote`,
 * `td`, `th` carry `dir="auto"`; links carry `rel="noopener noreferrer"` and, when external
 * (`http`, `https`, `mailto`), `target="_blank"`.
 *
 * @throws Error when called without a DOM (DOMPurify needs one): run it on the page.
 */
export function renderMarkdown(text: string): string {
	return sanitizeHtml(parseMarkdown(text));
}
