/**
 * Mermaid diagrams in a rendered message (doc/rendering.md "Diagrams"): a finished
 * ```` ```mermaid ```` block gets a header (label, `Show source` / `Show diagram`, `Copy code`)
 * and, once Mermaid has drawn it, the diagram in place of its source. A diagram that fails shows
 * its source and the error. Mermaid writes its colours into the SVG, so when the effective theme
 * changes (`./theme.ts`) every diagram on the page is drawn again in the new one.
 */
import { renderDiagram } from '$lib/markdown/mermaid';
import { actionButton, codeHead, sourceOf } from './code-chrome';
import { diagramColors } from './diagram-colors';
import { watchAddedScroller } from './side-scroll';
import { richText } from './strings';
import { effectiveTheme, onThemeChange } from './theme';

/** Whether `code` is a diagram's source. */
export function isDiagram(code: Element): boolean {
	return code.classList.contains('language-mermaid');
}

/** Add the header to a diagram's `pre` and draw it (or, while it is still open, only the header). */
export function addDiagram(pre: HTMLElement, code: HTMLElement): void {
	pre.dataset.kind = 'diagram';
	const toggle = actionButton('view', richText.showSource());
	toggle.hidden = true;
	pre.prepend(codeHead('Mermaid', [toggle, actionButton('copy', richText.copyCode())]));
	if (pre.hasAttribute('data-open')) return;
	themeWatch ??= onThemeChange(redrawAll);
	draw(pre, code);
}

/** Unsubscribes the redraw on theme changes (kept for the life of the page). */
let themeWatch: (() => void) | undefined;

/** Draw every finished diagram on the page again, in the theme it shows now. */
function redrawAll(): void {
	for (const pre of document.querySelectorAll<HTMLElement>(
		'pre[data-kind="diagram"][data-drawn]'
	)) {
		const code = pre.querySelector<HTMLElement>(':scope > code');
		if (code) draw(pre, code);
	}
}

/**
 * Draw `pre`'s diagram in the effective theme (`data-drawn` records which). A draw that a later
 * one overtook (the theme changed meanwhile) is dropped.
 */
function draw(pre: HTMLElement, code: HTMLElement): void {
	const theme = effectiveTheme();
	if (pre.dataset.drawn === theme) return;
	pre.dataset.drawn = theme;
	renderDiagram(sourceOf(code), diagramColors(theme)).then(
		(svg) => {
			if (pre.dataset.drawn !== theme || !pre.isConnected) return;
			let figure = pre.querySelector<HTMLElement>(':scope > figure.diagram');
			if (!figure) {
				figure = document.createElement('figure');
				figure.className = 'diagram';
				figure.setAttribute('aria-label', richText.diagram());
				code.before(figure);
				watchAddedScroller(figure);
				pre.dataset.view = 'diagram';
				pre.querySelector<HTMLElement>('[data-code-action="view"]')?.removeAttribute('hidden');
			}
			figure.innerHTML = svg;
			figure.dataset.theme = theme;
		},
		(e: unknown) => {
			if (pre.dataset.drawn !== theme || pre.querySelector(':scope > .diagram-error')) return;
			const error = document.createElement('span');
			error.className = 'diagram-error';
			error.textContent = richText.diagramFailed(e instanceof Error ? e.message : String(e));
			code.after(error);
		}
	);
}

/** Run the diagram/source toggle; true if `button` was it. */
export function runDiagramAction(button: HTMLButtonElement): boolean {
	if (button.dataset.codeAction !== 'view') return false;
	const pre = button.closest('pre');
	if (!pre) return false;
	const diagram = pre.dataset.view === 'diagram';
	pre.dataset.view = diagram ? 'source' : 'diagram';
	button.textContent = diagram ? richText.showDiagram() : richText.showSource();
	return true;
}
