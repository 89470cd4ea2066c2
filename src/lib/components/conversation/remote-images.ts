/**
 * The page side of remote-image placeholders (`markdown/remote-images.ts`): a placeholder whose
 * image the reader allowed becomes the image, and its buttons record the reader's choice. Only
 * the placeholder's content changes, never the placeholder itself, so the `{@html}` blocks around
 * it stay as Svelte inserted them.
 */
import {
	PLACEHOLDER_CLASS,
	REMOTE_SRC,
	imageHost,
	type RemoteImageAction
} from '$lib/markdown/remote-images';
import type { RemoteImagePolicy } from '$lib/state/remote-images.svelte';

const PENDING = `span.${PLACEHOLDER_CLASS}:not([data-loaded])`;

/** Show the image of every placeholder under `root` that `policy` allows now. */
export function showAllowedImages(root: HTMLElement, policy: RemoteImagePolicy): void {
	for (const span of root.querySelectorAll<HTMLElement>(PENDING)) {
		const src = span.getAttribute(REMOTE_SRC) ?? '';
		if (policy.allows(src, imageHost(src))) showImage(span, src);
	}
}

function showImage(span: HTMLElement, src: string): HTMLImageElement {
	const img = document.createElement('img');
	img.alt = span.dataset.alt ?? '';
	// The image's host must not learn which app page showed it.
	img.referrerPolicy = 'no-referrer';
	img.src = src;
	span.replaceChildren(img);
	span.dataset.loaded = '';
	return img;
}

/**
 * Handle the placeholders' buttons under `root` (one listener): "Load image" loads that image,
 * "Always" every image from its host. Returns the function that removes the listener.
 */
export function handleImageChoices(root: HTMLElement, policy: RemoteImagePolicy): () => void {
	const onclick = (event: MouseEvent) => {
		const button = (event.target as Element | null)?.closest?.('button[data-remote-action]');
		const span = button?.closest<HTMLElement>(`span.${PLACEHOLDER_CLASS}`);
		if (!button || !span || !root.contains(span)) return;
		// A placeholder inside a link: the click is for the button, not the link.
		event.preventDefault();
		event.stopPropagation();
		const src = span.getAttribute(REMOTE_SRC) ?? '';
		const action = button.getAttribute('data-remote-action') as RemoteImageAction;
		if (action === 'always') policy.alwaysFrom(imageHost(src));
		policy.loadOnce(src);
		showImage(span, src);
		// The focused button is gone: keep the keyboard where the reader was.
		span.tabIndex = -1;
		span.focus();
	};
	root.addEventListener('click', onclick);
	return () => root.removeEventListener('click', onclick);
}
