/**
 * Formulas in a rendered message, typeset with KaTeX (doc/rendering.md "Math"): `./math.ts` in
 * the renderer left each as `<code class="language-math …">TeX</code>`; here each is replaced
 * (its content, in place) by KaTeX's markup once KaTeX has loaded. KaTeX loads only when a
 * message holds math. A formula in an open (still streaming) code block is left as source.
 */
import { loadKatex, typeset } from '$lib/markdown/katex';
import { inSlices } from './slices';

const FORMULAS = 'code.language-math:not([data-typeset])';

/** Whether `root` holds a formula not typeset yet. */
export function hasFormulas(root: ParentNode): boolean {
	return root.querySelector(FORMULAS) !== null;
}

/** Formulas queued for typesetting and not done yet: a render meanwhile does not queue them again. */
const queued = new WeakSet<Element>();

/**
 * Typeset every formula under `root` (KaTeX is fetched the first time), one formula per job of
 * `./slices.ts`. Resolves once they are queued.
 *
 * @throws (rejects) when KaTeX cannot be fetched; the formulas then stay source.
 */
export async function typesetFormulas(root: ParentNode): Promise<void> {
	if (!hasFormulas(root)) return;
	const katex = await loadKatex();
	for (const code of root.querySelectorAll<HTMLElement>(FORMULAS)) {
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
