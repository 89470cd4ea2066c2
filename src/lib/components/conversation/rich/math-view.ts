/**
 * Formulas in a rendered message, typeset with KaTeX (doc/rendering.md "Math"): `./math.ts` in
 * the renderer left each as `<code class="language-math …">TeX</code>`; here each is replaced
 * (its content, in place) by KaTeX's markup once KaTeX has loaded. KaTeX loads only when a
 * message holds math. A formula in an open (still streaming) code block is left as source.
 */
import { loadKatex, typeset } from '$lib/markdown/katex';
import { within } from './fresh-blocks';
import { inSlices } from './slices';

const FORMULAS = 'code.language-math:not([data-typeset])';

/** Whether `blocks` hold a formula not typeset yet. */
export function hasFormulas(blocks: readonly Element[]): boolean {
	return blocks.some((block) => block.matches(FORMULAS) || block.querySelector(FORMULAS) !== null);
}

/** Formulas queued for typesetting and not done yet: a render meanwhile does not queue them again. */
const queued = new WeakSet<Element>();

/**
 * Typeset every formula in `blocks` (elements of a rendered message, ./fresh-blocks.ts; KaTeX is
 * fetched the first time), one formula per job of `./slices.ts`. Resolves once they are queued.
 *
 * @throws (rejects) when KaTeX cannot be fetched; the formulas then stay source.
 */
export async function typesetFormulas(blocks: readonly Element[]): Promise<void> {
	if (!hasFormulas(blocks)) return;
	const katex = await loadKatex();
	for (const code of within(blocks, FORMULAS)) {
		const pre = code.parentElement?.tagName === 'PRE' ? code.parentElement : null;
		if (pre?.hasAttribute('data-open') || queued.has(code)) continue;
		queued.add(code);
		inSlices(() => {
			queued.delete(code);
			if (!code.isConnected || code.hasAttribute('data-typeset')) return;
			// A ```math fence or a `$$` block: display. Inside a paragraph: as written.
			const display = pre !== null || code.classList.contains('math-display');
			code.dataset.typeset = '';
			code.innerHTML = typeset(katex, code.textContent ?? '', display);
			if (pre) pre.dataset.kind = 'math';
		});
	}
}
