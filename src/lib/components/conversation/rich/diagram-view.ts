/**
 * Mermaid diagrams in a rendered message (doc/rendering.md "Diagrams"): a finished
 * ```` ```mermaid ```` block gets a header (label, `Show source` / `Show diagram`, `Copy code`)
 * and, once Mermaid has drawn it, the diagram in place of its source. A diagram that fails shows
 * its source and the error.
 */
import { renderDiagram } from '$lib/markdown/mermaid';
import { actionButton, codeHead, sourceOf } from './code-chrome';
import { richText } from './strings';

/** Whether `code` is a diagram's source. */
export function isDiagram(code: Element): boolean {
	return code.classList.contains('language-mermaid');
}

/** Whether the page shows the dark theme: forced by `<html data-theme>`, else the OS's choice. */
function darkTheme(): boolean {
	const forced = document.documentElement.dataset.theme;
	if (forced === 'dark' || forced === 'light') return forced === 'dark';
	return matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Add the header to a diagram's `pre` and draw it (or, while it is still open, only the header). */
export function addDiagram(pre: HTMLElement, code: HTMLElement): void {
	pre.dataset.kind = 'diagram';
	const toggle = actionButton('view', richText.showSource());
	toggle.hidden = true;
	pre.prepend(codeHead('Mermaid', [toggle, actionButton('copy', richText.copyCode())]));
	if (pre.hasAttribute('data-open')) return;
	renderDiagram(sourceOf(code), darkTheme()).then(
		(svg) => {
			const figure = document.createElement('figure');
			figure.className = 'diagram';
			figure.setAttribute('aria-label', richText.diagram());
			figure.innerHTML = svg;
			code.before(figure);
			pre.dataset.view = 'diagram';
			toggle.hidden = false;
		},
		(e: unknown) => {
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
