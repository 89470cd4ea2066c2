/**
 * HTML sanitizing for rendered messages, on a dedicated DOMPurify instance so the hooks and config
 * here never leak into (or get changed by) other users of the global `DOMPurify`.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import {
	ALLOWED_ATTR,
	ALLOWED_TAGS,
	LANGUAGE_CLASS,
	TEXT_BLOCKS,
	isAllowedUrl,
	isExternalUrl
} from './policy';
import { PAIRING_LINK, isOwnPairingUrl, unwrapPairingLinks } from './own-links';
import { REMOTE_SRC, placeholdRemoteImages } from './remote-images';

/**
 * DOMPurify walks the parsed `<body>` itself, first of all. Not allowed, it is "removed" on every
 * call, after a deep copy of all it holds is put beside it (its content is kept by default) for
 * nothing: the result is what stays inside it. Allowed, it stays, and nothing of it reaches the
 * result (`body.innerHTML`; the parser merges a `<body>` tag in the input into it).
 */
const WALK_ROOT = ['body'];

let instance: DOMPurify | undefined;
let spans: DOMPurify | undefined;

/**
 * Sanitize HTML produced from untrusted markdown (policy in `./policy.ts`).
 *
 * Returns an HTML string safe for `{@html}`: no script-capable elements, no event handlers, only
 * `http(s)`/`mailto`/`#` links and `http(s)` images; links get `rel="noopener noreferrer"` and,
 * when external, `target="_blank"`; text blocks and links get `dir="auto"`. Remote images become
 * placeholders that load nothing until the reader allows it (`./remote-images.ts`), and links to
 * the app's own pairing page plain text (`./own-links.ts`).
 *
 * @throws Error when there is no DOM (server-side rendering, a worker): call it on the page.
 */
export function sanitizeHtml(html: string): string {
	return finish(purifier().sanitize(html));
}

/**
 * Sanitize a highlighter's HTML for one code block: only `span` elements with a `class` stay
 * (the text is escaped already; this holds even if a grammar had a bug).
 *
 * @throws Error when there is no DOM, like `sanitizeHtml`.
 */
export function sanitizeHighlight(html: string): string {
	if (isHighlightMarkup(html)) return html;
	if (!spans) {
		spans = createDOMPurify(needWindow());
		spans.setConfig({ ALLOWED_TAGS: ['span', ...WALK_ROOT], ALLOWED_ATTR: ['class'] });
	}
	return spans.sanitize(html);
}

/**
 * One piece of what highlight.js writes: text with no markup (its `escapeHTML` turns `&`, `<`,
 * `>`, `"`, `'` into the five entities here), or a `span` with class names (`hljs-title
 * function_`, `language-xml`), or its end.
 */
const HIGHLIGHT_PIECE = /[^<>&]+|&(?:amp|lt|gt|quot|#x27);|<span class="[\w -]*">|<\/span>/y;

/**
 * True when `html` is made only of the pieces above, with every `span` closed: such HTML holds no
 * element but `span`, no attribute but `class`, and no character reference that could start
 * markup, so DOMPurify would keep all of it. It is returned as is: DOMPurify's walk of a 14-line
 * block's ~50 spans took ~1.5 ms in Chromium on this machine (×4 on a phone), this check ~15 µs
 * (doc/security.md "Code, formulas and diagrams"). Anything else, a grammar's bug included,
 * goes through DOMPurify.
 */
function isHighlightMarkup(html: string): boolean {
	let open = 0;
	HIGHLIGHT_PIECE.lastIndex = 0;
	while (HIGHLIGHT_PIECE.lastIndex < html.length) {
		const piece = HIGHLIGHT_PIECE.exec(html);
		if (!piece) return false;
		if (piece[0] === '</span>') open -= 1;
		else if (piece[0].startsWith('<')) open += 1;
		if (open < 0) return false;
	}
	return open === 0;
}

function needWindow(): Window & typeof globalThis {
	if (typeof window === 'undefined') {
		throw new Error('[markdown] sanitizing needs a DOM: render markdown on the page');
	}
	return window;
}

/**
 * The steps that replace elements (DOMPurify's hooks may only change attributes): done on a
 * second parse, only when the sanitizer marked something.
 */
function finish(html: string): string {
	if (!html.includes(REMOTE_SRC) && !html.includes(PAIRING_LINK)) return html;
	const template = document.createElement('template');
	template.innerHTML = html;
	placeholdRemoteImages(template.content);
	unwrapPairingLinks(template.content);
	return template.innerHTML;
}

function purifier(): DOMPurify {
	if (instance) return instance;
	const purify = createDOMPurify(needWindow());
	// Config and hooks are set once here, not per call: `sanitize(html, cfg)` would re-parse cfg.
	purify.setConfig({
		ALLOWED_TAGS: [...ALLOWED_TAGS, ...WALK_ROOT],
		ALLOWED_ATTR: [...ALLOWED_ATTR],
		ALLOW_DATA_ATTR: false,
		ALLOW_ARIA_ATTR: false
	});
	purify.addHook('afterSanitizeAttributes', fixAttributes);
	instance = purify;
	return purify;
}

/** Runs on every element that survived, after DOMPurify's own attribute checks. */
function fixAttributes(node: Element): void {
	// DOMPurify's URL check lets relative URLs and `data:` images through; ours is stricter.
	for (const attr of ['href', 'src'] as const) {
		const value = node.getAttribute(attr);
		if (value !== null && !isAllowedUrl(value, attr)) node.removeAttribute(attr);
	}
	const classes = node.getAttribute('class');
	if (classes !== null) {
		const kept =
			node.tagName === 'CODE' ? classes.split(/\s+/).filter((c) => LANGUAGE_CLASS.test(c)) : [];
		if (kept.length > 0) node.setAttribute('class', kept.join(' '));
		else node.removeAttribute('class');
	}
	if (TEXT_BLOCKS.has(node.tagName)) node.setAttribute('dir', 'auto');
	switch (node.tagName) {
		case 'A':
			fixLink(node);
			break;
		case 'IMG': {
			// Nothing is fetched until the reader allows it: the URL moves out of `src`.
			const src = node.getAttribute('src');
			node.removeAttribute('src');
			if (src !== null) node.setAttribute(REMOTE_SRC, src);
			break;
		}
		case 'INPUT':
			// Only GFM task-list boxes: display, never a field to type a secret into.
			node.setAttribute('type', 'checkbox');
			node.setAttribute('disabled', '');
			break;
	}
}

function fixLink(link: Element): void {
	// Bidi-isolated (dir="auto" isolates): a stray override in the text before a link cannot
	// reverse the link's text, and one inside it ends with it.
	link.setAttribute('dir', 'auto');
	const href = link.getAttribute('href');
	if (href === null) return;
	if (isOwnPairingUrl(href)) {
		link.removeAttribute('href');
		link.setAttribute(PAIRING_LINK, '');
		return;
	}
	link.setAttribute('rel', 'noopener noreferrer');
	if (isExternalUrl(href)) link.setAttribute('target', '_blank');
}
