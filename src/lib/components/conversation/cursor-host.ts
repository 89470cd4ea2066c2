/**
 * Where a streaming answer's cursor goes (`streaming.css`): after the last word, as in an editor.
 * The element holding the end of the text gets `data-cursor` and draws the cursor as its
 * `::after`; message HTML cannot carry the attribute (the sanitizer drops every `data-*`).
 */

/** The attribute that marks the cursor's element. */
export const CURSOR_ATTRIBUTE = 'data-cursor';

/** Blocks whose last block child, if it ends them, holds the end of their text. */
const CONTAINERS = new Set(['UL', 'OL', 'LI', 'BLOCKQUOTE', 'TABLE', 'THEAD', 'TBODY']);

/** Block-level elements `marked` writes (a `LI`'s or quote's last child may be one of these). */
const BLOCKS = new Set([...CONTAINERS, 'P', 'PRE', 'HR', 'TR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The last child node of `parent` that shows something (not a comment or blank text). */
function lastShown(parent: Element): Node | null {
	for (let node = parent.lastChild; node; node = node.previousSibling) {
		if (node.nodeType === Node.ELEMENT_NODE) return node;
		if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) return node;
	}
	return null;
}

/** The last cell of `row` with text, else its first: `marked` fills missing cells with empty ones. */
function lastFilledCell(row: Element): Element | null {
	const cells = [...row.children];
	return cells.findLast((cell) => cell.textContent?.trim()) ?? cells[0] ?? null;
}

/**
 * The element the cursor follows in a rendered answer (`root`, Markdown.svelte's root): the
 * innermost block that ends the text — a paragraph, heading, list item, a row's last filled
 * cell, an open code block's `code`. `root` itself (the cursor then sits under the answer) when
 * the answer ends in something else (a finished code block, a rule, a formula or diagram) or in
 * nothing yet.
 */
export function cursorHost(root: Element): Element {
	let host = root;
	for (;;) {
		const last = lastShown(host);
		if (!(last instanceof Element) || !BLOCKS.has(last.tagName)) return host;
		if (last.tagName === 'PRE') {
			const code = last.querySelector(':scope > code');
			return last.hasAttribute('data-open') && code ? code : root;
		}
		if (last.tagName === 'HR') return root;
		if (last.tagName === 'TR') return lastFilledCell(last) ?? root;
		if (!CONTAINERS.has(last.tagName)) return last;
		host = last;
	}
}

/**
 * Move the cursor's mark from `previous` to `next` (either may be absent); returns `next`.
 * Call after each render of a streaming answer, and with no `next` once it is finished.
 */
export function moveCursor(
	previous: Element | undefined,
	next: Element | undefined
): Element | undefined {
	if (previous === next) return next;
	previous?.removeAttribute(CURSOR_ATTRIBUTE);
	next?.setAttribute(CURSOR_ATTRIBUTE, '');
	return next;
}
