/**
 * What rendered message HTML may contain. Agent and user text is untrusted (it can quote anything,
 * including raw HTML), so this is an allow-list: what `marked` emits for GFM, plus a few harmless
 * inline tags people type by hand. Everything else is dropped by `./sanitize.ts`.
 */

/**
 * Elements kept. Deliberately absent: `script`, `style`, `iframe`, `object`, `embed`, `form`, `svg`,
 * `math` (execution or styling vectors) and `article`, `details`, `mark`, `div`, `span` (the app's
 * own structure uses these; a message must not fake a message, a reasoning block or a search hit).
 * `input` is here only for GFM task lists; the sanitizer turns every one into a disabled checkbox.
 */
export const ALLOWED_TAGS: readonly string[] = [
	'a',
	'b',
	'blockquote',
	'br',
	'code',
	'del',
	'em',
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'hr',
	'i',
	'img',
	'input',
	'kbd',
	'li',
	'ol',
	'p',
	'pre',
	's',
	'strong',
	'sub',
	'sup',
	'table',
	'tbody',
	'td',
	'th',
	'thead',
	'tr',
	'ul'
];

/**
 * Attributes kept. No `style`, `id`, `name` or `data-*` (page styling, DOM clobbering, and the
 * app's own `data-message-id`), and no `on*` handlers. `class` is filtered further by the sanitizer
 * (only `language-*` on `code`); `target`, `rel`, `dir` are set by the sanitizer, never taken.
 */
export const ALLOWED_ATTR: readonly string[] = [
	'align',
	'alt',
	'checked',
	'class',
	'colspan',
	'disabled',
	'href',
	'rowspan',
	'src',
	'start',
	'title',
	'type'
];

/** Block elements that carry user/agent text: they get `dir="auto"` for mixed RTL/LTR text. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set([
	'P',
	'LI',
	'H1',
	'H2',
	'H3',
	'H4',
	'H5',
	'H6',
	'BLOCKQUOTE',
	'TD',
	'TH'
]);

/**
 * A `class` token kept on `code`: the fence's info string (for syntax highlighting), and the
 * kind of a formula (`./math.ts`). Either only asks the page to highlight or typeset the text.
 */
export const LANGUAGE_CLASS = /^(?:language-[\w#+.-]+|math-(?:inline|display))$/;

// Browsers drop ASCII tab/newline anywhere in a URL and trim C0 controls and spaces at the ends,
// so `java\tscript:` is `javascript:`. Compare what the browser will actually see.
// eslint-disable-next-line no-control-regex
const URL_NOISE = /[\u0000-\u0020]/g;

/**
 * Whether `value` may stay in an `href` (`attr: 'href'`) or `src` (`attr: 'src'`) attribute.
 *
 * Allowed: absolute `http:`/`https:` URLs; for `href` also `mailto:` and in-page `#fragment`s.
 * Everything else is refused: `javascript:`, `vbscript:`, `data:` (images included — media arrive
 * through the media layer), unknown schemes, and relative or protocol-relative URLs (inside the
 * PWA those would navigate the app itself, e.g. to `/pair#url=…&token=…`).
 */
export function isAllowedUrl(value: string, attr: 'href' | 'src'): boolean {
	const url = value.replace(URL_NOISE, '');
	if (/^https?:\/\/[^/]/i.test(url)) return true;
	if (attr === 'src') return false;
	return /^mailto:/i.test(url) || url.startsWith('#');
}

/** Whether an allowed `href` leaves the app (so it opens in a new browsing context). */
export function isExternalUrl(value: string): boolean {
	return /^(?:https?|mailto):/i.test(value.replace(URL_NOISE, ''));
}
