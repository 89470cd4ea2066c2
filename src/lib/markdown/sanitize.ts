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

let instance: DOMPurify | undefined;

/**
 * Sanitize HTML produced from untrusted markdown (policy in `./policy.ts`).
 *
 * Returns an HTML string safe for `{@html}`: no script-capable elements, no event handlers, only
 * `http(s)`/`mailto`/`#` links and `http(s)` images; links get `rel="noopener noreferrer"` and,
 * when external, `target="_blank"`; text blocks get `dir="auto"`.
 *
 * @throws Error when there is no DOM (server-side rendering, a worker): call it on the page.
 */
export function sanitizeHtml(html: string): string {
	return purifier().sanitize(html);
}

function purifier(): DOMPurify {
	if (instance) return instance;
	if (typeof window === 'undefined') {
		throw new Error('[markdown] sanitizing needs a DOM: render markdown on the page');
	}
	const purify = createDOMPurify(window);
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
		case 'IMG':
			// Remote images must not tell their host which app page showed them.
			node.setAttribute('referrerpolicy', 'no-referrer');
			node.setAttribute('loading', 'lazy');
			break;
		case 'INPUT':
			// Only GFM task-list boxes: display, never a field to type a secret into.
			node.setAttribute('type', 'checkbox');
			node.setAttribute('disabled', '');
			break;
	}
}

function fixLink(link: Element): void {
	const href = link.getAttribute('href');
	if (href === null) return;
	link.setAttribute('rel', 'noopener noreferrer');
	if (isExternalUrl(href)) link.setAttribute('target', '_blank');
}
