/**
 * Mermaid diagrams from ```` ```mermaid ```` fences (doc/rendering.md "Diagrams"). Mermaid is
 * fetched the first time a diagram shows, and renders a fence once it is closed.
 *
 * The source is untrusted, so: `securityLevel: 'strict'` (labels sanitized, `click` callbacks
 * and links off), no HTML labels, and every setting that changes what is drawn locked against
 * the diagram's own `%%{init}%%` directives and front-matter `config:`, which are also removed
 * before Mermaid sees the text. The SVG it returns is sanitized again here (`./diagram-svg.ts`)
 * before it reaches the page.
 */
import { sanitizeDiagram } from './diagram-svg';

type Mermaid = typeof import('mermaid').default;

let mermaid: Promise<Mermaid> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let count = 0;

/** What a diagram may not change (Mermaid's `secure` list: site settings directives can't touch). */
const LOCKED = [
	'secure',
	'securityLevel',
	'startOnLoad',
	'maxTextSize',
	'maxEdges',
	'suppressErrorRendering',
	'htmlLabels',
	'flowchart',
	'theme',
	'themeCSS',
	'themeVariables',
	'fontFamily',
	'altFontFamily',
	'dompurifyConfig',
	'look',
	'handDrawnSeed'
];

/**
 * The source without directives (`%%{…}%%`) or a leading front-matter block (`---` … `---`):
 * the ways a diagram configures Mermaid.
 */
export function withoutDirectives(source: string): string {
	return source
		.replace(/%%\{[\s\S]*?\}%%/g, '')
		.replace(/^\s*---\n[\s\S]*?\n---[ \t]*(?:\n|$)/, '');
}

function load(dark: boolean): Promise<Mermaid> {
	mermaid ??= import('mermaid').then((m) => {
		m.default.initialize({
			startOnLoad: false,
			securityLevel: 'strict',
			htmlLabels: false,
			flowchart: { htmlLabels: false },
			theme: dark ? 'dark' : 'default',
			maxTextSize: 50_000,
			maxEdges: 500,
			suppressErrorRendering: true,
			secure: LOCKED
		});
		return m.default;
	});
	mermaid.catch(() => (mermaid = undefined));
	return mermaid;
}

/**
 * Render a diagram's source to sanitized SVG markup. `dark`: the theme at the first render
 * (Mermaid's colours are fixed in its SVG).
 *
 * @throws (rejects) with Mermaid's error when the source is not a diagram it can draw, or when
 *   Mermaid cannot be fetched.
 */
export function renderDiagram(source: string, dark: boolean): Promise<string> {
	// One at a time: Mermaid measures text in a shared scratch element.
	const next = queue.then(async () => {
		const m = await load(dark);
		const { svg } = await m.render(`iris-diagram-${++count}`, withoutDirectives(source));
		return sanitizeDiagram(svg);
	});
	queue = next.catch(() => undefined);
	return next;
}
