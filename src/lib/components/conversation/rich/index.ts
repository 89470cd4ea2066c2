/**
 * What a rendered message gets after `{@html}` inserted it (doc/rendering.md): code block chrome
 * and highlighting, typeset formulas, drawn diagrams. Loaded as a chunk of its own beside the
 * markdown renderer; the highlighter, KaTeX and Mermaid are further chunks, each fetched the first
 * time a message needs it.
 *
 * `enhance` runs after every render of a message (before the browser paints): it only looks at
 * the top-level blocks that are new since its last call (./fresh-blocks.ts), so a render's work
 * does not grow with the message. A `pre[data-open]` is still streaming (the open tail): it gets its
 * header, but no highlighting, collapse, formula or diagram until it is finished.
 */
import { loadHighlighter } from '$lib/markdown/highlight';
import './rich.css';
import { addCodeChrome, languageOf, runCodeAction, sourceOf } from './code-chrome';
import { addDiagram, isDiagram, runDiagramAction } from './diagram-view';
import { forgetBlocks, freshBlocks, within } from './fresh-blocks';
import { typesetFormulas } from './math-view';
import { inSlices } from './slices';
import { unwatchSideScroll, watchSideScroll } from './side-scroll';

/** Add chrome to new blocks under `root`, highlight finished ones, typeset formulas. */
export function enhance(root: HTMLElement): void {
	const blocks = freshBlocks(root);
	if (blocks.length === 0) return;
	for (const pre of within(blocks, 'pre:not([data-chrome])')) {
		const code = pre.querySelector<HTMLElement>(':scope > code');
		if (!code) continue;
		pre.dataset.chrome = '';
		if (code.classList.contains('language-math')) continue;
		if (isDiagram(code)) addDiagram(pre, code);
		else {
			addCodeChrome(pre, code);
			if (!pre.hasAttribute('data-open')) highlight(code);
		}
	}
	typesetFormulas(blocks).catch((e: unknown) => {
		console.error('[math] KaTeX failed to load', e);
		// The next render tries these blocks' formulas again (`loadKatex` retries a failed fetch).
		forgetBlocks(root, blocks);
	});
	watchSideScroll(root, blocks);
}

function highlight(code: HTMLElement): void {
	const text = code.textContent ?? '';
	loadHighlighter(languageOf(code)).then(
		(highlighter) => {
			if (!highlighter) return;
			// In slices: the blocks of one render do not all land in one task.
			inSlices(() => {
				// The block may have been replaced or re-rendered meanwhile.
				if (!code.isConnected || code.textContent !== text) return;
				code.innerHTML = highlighter(text);
				code.classList.add('hljs');
			});
		},
		(e: unknown) => console.error('[code] highlighter failed to load', e)
	);
}

/**
 * Handle the blocks' buttons under `root` (one listener); returns the cleanup, which also stops
 * watching its sideways scrollers (side-scroll.ts).
 */
export function handleRichActions(root: HTMLElement): () => void {
	const onClick = (event: MouseEvent) => {
		const button = (event.target as Element | null)?.closest<HTMLButtonElement>(
			'button[data-code-action]'
		);
		if (!button || !root.contains(button)) return;
		if (runDiagramAction(button) || runCodeAction(button)) event.preventDefault();
	};
	root.addEventListener('click', onClick);
	return () => {
		root.removeEventListener('click', onClick);
		unwatchSideScroll(root);
	};
}

export { sourceOf };
