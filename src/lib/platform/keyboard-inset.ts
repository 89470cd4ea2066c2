/**
 * The on-screen keyboard must never cover the composer. Where the browser honours the viewport's
 * `interactive-widget=resizes-content` (Chromium on Android) the page itself shrinks above the
 * keyboard and nothing is needed here. Elsewhere (Safari on iOS) the keyboard only shrinks the
 * visual viewport: this keeps the CSS custom property `--keyboard-inset` (px) on the root
 * element at the height of the layout viewport the keyboard covers, and the composer lifts
 * itself by it.
 */

/** The CSS custom property set on the root element, in px. */
export const KEYBOARD_INSET_PROPERTY = '--keyboard-inset';

/** The part of `VisualViewport` that decides (px, in layout viewport coordinates). */
export type ViewportBox = Pick<VisualViewport, 'height' | 'offsetTop'>;

/**
 * How many px at the bottom of the layout viewport (`layoutHeight`, px) lie below the visual
 * viewport: covered by an on-screen keyboard. 0 when nothing is covered, and for sub-pixel
 * differences (a zoomed page is not a keyboard worth lifting the composer for).
 */
export function keyboardInset(layoutHeight: number, viewport: ViewportBox): number {
	const covered = layoutHeight - (viewport.offsetTop + viewport.height);
	return covered >= 1 ? Math.round(covered) : 0;
}

/**
 * Keep `--keyboard-inset` on `root` up to date while the visual viewport changes. Returns the
 * function that stops (and removes the property). Without `visualViewport` it does nothing.
 */
export function watchKeyboardInset(root: HTMLElement = document.documentElement): () => void {
	const viewport = globalThis.visualViewport;
	if (!viewport) return () => {};
	const update = () => {
		const inset = keyboardInset(window.innerHeight, viewport);
		if (inset > 0) root.style.setProperty(KEYBOARD_INSET_PROPERTY, `${inset}px`);
		else root.style.removeProperty(KEYBOARD_INSET_PROPERTY);
	};
	viewport.addEventListener('resize', update);
	viewport.addEventListener('scroll', update);
	update();
	return () => {
		viewport.removeEventListener('resize', update);
		viewport.removeEventListener('scroll', update);
		root.style.removeProperty(KEYBOARD_INSET_PROPERTY);
	};
}
