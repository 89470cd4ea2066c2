/**
 * Which blocks of a rendered message are new since the last look (doc/rendering.md "Two stages"):
 * `{@html}` keeps a finished block's elements while the message streams and replaces only the
 * open tail's, so after each render only the new top-level elements need code chrome,
 * formulas and side-scroll watching. Looking only at those keeps each render's work to the
 * blocks that changed, instead of the whole message (which grows with every render).
 */

/** Top-level elements already handed out, per message root. */
const seen = new WeakMap<Element, WeakSet<Element>>();

/**
 * The element children of `root` not returned by an earlier call for the same root, in document
 * order (all of them the first time). An element replaced by a new one (a re-rendered block, the
 * open tail) is new.
 */
export function freshBlocks(root: Element): Element[] {
	let known = seen.get(root);
	if (!known) seen.set(root, (known = new WeakSet()));
	const fresh: Element[] = [];
	for (let el = root.firstElementChild; el; el = el.nextElementSibling) {
		if (known.has(el)) continue;
		known.add(el);
		fresh.push(el);
	}
	return fresh;
}

/**
 * Hand `blocks` of `root` out again at the next call (their work failed and is worth another
 * try, e.g. KaTeX could not be fetched).
 */
export function forgetBlocks(root: Element, blocks: readonly Element[]): void {
	const known = seen.get(root);
	for (const block of blocks) known?.delete(block);
}

/** The elements matching `selector` in `blocks`: each block itself and its descendants. */
export function within<E extends Element = HTMLElement>(
	blocks: readonly Element[],
	selector: string
): E[] {
	const found: E[] = [];
	for (const block of blocks) {
		if (block.matches(selector)) found.push(block as E);
		found.push(...block.querySelectorAll<E>(selector));
	}
	return found;
}
