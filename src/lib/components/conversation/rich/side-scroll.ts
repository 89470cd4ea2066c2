/**
 * Keyboard access to what scrolls sideways inside a message (code, wide tables, formulas and
 * diagrams): such a block is a tab stop while — and only while — it is wider than its box, so
 * arrow keys can scroll it (WebKit and Firefox do not make scrollers focusable on their own), and
 * the Tab order is not padded with blocks there is nothing to scroll in.
 */
import { within } from './fresh-blocks';

/** The elements of a rendered message that scroll sideways when their content is too wide. */
const SCROLLERS = 'pre > code, table, .diagram, code.math-display';

/** One observer per message root: its blocks are measured whenever their box changes. */
const observers = new WeakMap<HTMLElement, ResizeObserver>();

/** Make `el` a tab stop when it overflows sideways, and not one when it does not. */
function update(el: Element): void {
	if (!(el instanceof HTMLElement)) return;
	const overflows = el.scrollWidth > el.clientWidth + 1;
	if (overflows && el.tabIndex !== 0) el.tabIndex = 0;
	else if (!overflows && el.hasAttribute('tabindex')) el.removeAttribute('tabindex');
}

/**
 * Watch the sideways scrollers in `blocks` (the new elements of the message `root` after a
 * render, ./fresh-blocks.ts) that are not watched yet: each is measured now and whenever its
 * size changes (a narrower window, Wrap lines).
 */
export function watchSideScroll(root: HTMLElement, blocks: readonly Element[]): void {
	let observer = observers.get(root);
	if (!observer) {
		observer = new ResizeObserver((entries) => {
			for (const entry of entries) update(entry.target);
		});
		observers.set(root, observer);
	}
	for (const el of within(blocks, SCROLLERS)) {
		if (el.hasAttribute('data-side-scroll')) continue;
		el.dataset.sideScroll = '';
		observer.observe(el);
	}
}

/** Stop watching `root`'s blocks (the message left the page). */
export function unwatchSideScroll(root: HTMLElement): void {
	observers.get(root)?.disconnect();
	observers.delete(root);
}

/**
 * Watch `el`, a sideways scroller added later inside a block already handed out (a diagram drawn
 * once Mermaid has loaded), if a message it lies in is watched.
 */
export function watchAddedScroller(el: HTMLElement): void {
	for (let node = el.parentElement; node; node = node.parentElement) {
		const observer = observers.get(node);
		if (!observer) continue;
		if (!el.hasAttribute('data-side-scroll')) {
			el.dataset.sideScroll = '';
			observer.observe(el);
		}
		return;
	}
}
