/**
 * The last check on a diagram's SVG before it joins the page (doc/security.md "Diagrams"): a
 * DOMPurify instance of its own with the SVG profile, minus what could run, navigate or fetch:
 * no `foreignObject` (HTML inside SVG), no `a`, `image`, `use` of anything but a local `#id`,
 * no event handlers, and no CSS that loads a URL (`url(…)` other than `url(#…)`, `@import`, CSS
 * escapes that could spell either) — a diagram's `classDef` and `style` lines write CSS.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';

let instance: DOMPurify | undefined;

// `url(#id)` (markers, gradients) is local; any other url(), @import or escape is refused.
const REMOTE_CSS = /url\s*\(\s*(?!['"]?#)|@import|\\|expression\s*\(|image-set|-moz-binding/i;

/**
 * Sanitize Mermaid's SVG markup. Returns markup safe to insert: SVG elements only, links to local
 * ids only, CSS that fetches nothing.
 *
 * @throws Error when there is no DOM.
 */
export function sanitizeDiagram(svg: string): string {
	return purifier().sanitize(svg);
}

function purifier(): DOMPurify {
	if (instance) return instance;
	if (typeof window === 'undefined') throw new Error('[markdown] diagrams need a DOM');
	const purify = createDOMPurify(window);
	purify.setConfig({
		USE_PROFILES: { svg: true, svgFilters: true },
		ADD_TAGS: ['style'],
		FORBID_TAGS: ['foreignObject', 'a', 'image', 'script', 'iframe', 'animate', 'set'],
		FORBID_ATTR: ['onload', 'onerror', 'onclick', 'onbegin', 'onend']
	});
	purify.addHook('uponSanitizeElement', (node, data) => {
		if (data.tagName === 'style' && REMOTE_CSS.test(node.textContent ?? '')) node.textContent = '';
	});
	purify.addHook('afterSanitizeAttributes', (node) => {
		for (const attr of ['href', 'xlink:href']) {
			const value = node.getAttribute(attr);
			if (value !== null && !value.startsWith('#')) node.removeAttribute(attr);
		}
		const style = node.getAttribute('style');
		if (style !== null && REMOTE_CSS.test(style)) node.removeAttribute('style');
		// Any attribute value (fill="url(https://…)") may load a URL.
		for (const a of [...node.attributes]) {
			if (REMOTE_CSS.test(a.value) && /url|import/i.test(a.value)) node.removeAttribute(a.name);
		}
	});
	instance = purify;
	return purify;
}
