/**
 * Helpers of the markdown syntax, sanitize and streaming tests (jsdom environment): parse rendered
 * HTML without running it, and list what in it could run code or load a forbidden URL.
 */

/** Parse rendered HTML into an inert fragment (a `template` never runs scripts or loads media). */
export function dom(html: string): DocumentFragment {
	const template = document.createElement('template');
	template.innerHTML = html;
	return template.content;
}

/** The one element matching `selector` in rendered HTML; throws if there is none. */
export function one(html: string, selector: string): Element {
	const el = dom(html).querySelector(selector);
	if (!el) throw new Error(`no ${selector} in ${html}`);
	return el;
}

const FORBIDDEN_TAGS = [
	'script',
	'style',
	'iframe',
	'object',
	'embed',
	'form',
	'svg',
	'math',
	'base',
	'link',
	'meta',
	'frame',
	'frameset'
];

/** Every way rendered HTML could execute code or load a forbidden URL; returns what it found. */
export function executionVectors(html: string): string[] {
	const found: string[] = [];
	for (const el of dom(html).querySelectorAll('*')) {
		const tag = el.tagName.toLowerCase();
		if (FORBIDDEN_TAGS.includes(tag)) found.push(`<${tag}>`);
		for (const attr of el.attributes) {
			if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
			if (attr.name === 'style') found.push(`${tag}[style]`);
			// What a browser would resolve: it ignores tabs/newlines and trims controls and spaces.
			// eslint-disable-next-line no-control-regex
			const url = attr.value.replace(/[\u0000-\u0020]/g, '');
			if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(attr.name)) {
				if (!/^(?:https?:\/\/|mailto:|#)/i.test(url)) found.push(`${tag}[${attr.name}=${url}]`);
			}
		}
	}
	return found;
}
