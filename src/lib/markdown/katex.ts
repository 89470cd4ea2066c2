/**
 * Typesetting the formulas `./math.ts` left in the HTML, with KaTeX (doc/rendering.md "Math").
 * KaTeX, its CSS and its fonts are fetched the first time a message holds math; the service
 * worker keeps them for offline use once fetched.
 *
 * The TeX is untrusted: `trust: false` (no `\href`, `\url`, `\includegraphics`, `\htmlData` or
 * other HTML-making commands), macro expansion bounded by `maxExpand`, sizes by `maxSize`, and
 * `throwOnError: false`, so invalid TeX comes back as its source in KaTeX's error style. What
 * KaTeX emits is its own markup around escaped text.
 */
import type { KatexOptions } from 'katex';

type Katex = typeof import('katex').default;

/** Options for every formula (the display flag is added per formula). */
export const KATEX_OPTIONS: Readonly<KatexOptions> = {
	throwOnError: false,
	trust: false,
	strict: 'ignore',
	maxExpand: 500,
	maxSize: 20,
	output: 'htmlAndMathml'
};

let katex: Promise<Katex> | undefined;
/** Typeset formulas by source; the same formula in a re-rendered tail costs a lookup. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 500;

/** KaTeX, loaded once (with its CSS). */
export function loadKatex(): Promise<Katex> {
	katex ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
		([m]) => m.default
	);
	katex.catch(() => (katex = undefined));
	return katex;
}

/** Typeset `tex` with a loaded KaTeX: HTML, never throws (an error shows the source). */
export function typeset(k: Katex, tex: string, display: boolean): string {
	const key = `${display ? 'D' : 'I'}${tex}`;
	const hit = cache.get(key);
	if (hit !== undefined) return hit;
	let html: string;
	try {
		html = k.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
	} catch (e) {
		// Not a parse error (those render in place): too much expansion, or a KaTeX bug.
		html = `<span class="katex-error" title="${escape(String(e))}">${escape(tex)}</span>`;
	}
	if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
	cache.set(key, html);
	return html;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
