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
	if (!spans) {
		spans = createDOMPurify(needWindow());
		spans.setConfig({ ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] });
	}
	return spans.sanitize(html);
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
		ALLOWED_TAGS: [...ALLOWED_TAGS],
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
