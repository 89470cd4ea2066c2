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

/**
 * The colours a diagram is drawn in (CSS colours Mermaid can parse: `#rrggbb` or `rgb(…)`); each
 * text colour is meant to be read on the fill named beside it.
 */
export interface DiagramColors {
	/** Whether this is a dark palette (Mermaid derives its other colours differently). */
	dark: boolean;
	/** What the diagram sits on. */
	background: string;
	/** Nodes, actors, states: fill, border, text. */
	node: string;
	nodeBorder: string;
	nodeText: string;
	/** Secondary boxes, notes, clusters: fill, border. Their text is `text`. */
	box: string;
	boxBorder: string;
	/** Text outside nodes (edge labels, messages, titles) and on `box`. */
	text: string;
	/** Edges and arrowheads. */
	line: string;
}

/** Mermaid's site configuration for a palette: everything but the colours is fixed. */
function siteConfig(colors: DiagramColors) {
	return {
		startOnLoad: false,
		securityLevel: 'strict' as const,
		htmlLabels: false,
		flowchart: { htmlLabels: false },
		theme: 'base' as const,
		themeVariables: {
			darkMode: colors.dark,
			background: colors.background,
			primaryColor: colors.node,
			primaryBorderColor: colors.nodeBorder,
			primaryTextColor: colors.nodeText,
			nodeTextColor: colors.nodeText,
			secondaryColor: colors.box,
			secondaryBorderColor: colors.boxBorder,
			secondaryTextColor: colors.text,
			tertiaryColor: colors.box,
			tertiaryBorderColor: colors.boxBorder,
			tertiaryTextColor: colors.text,
			noteBkgColor: colors.box,
			noteBorderColor: colors.boxBorder,
			noteTextColor: colors.text,
			clusterBkg: colors.box,
			clusterBorder: colors.boxBorder,
			edgeLabelBackground: colors.background,
			textColor: colors.text,
			titleColor: colors.text,
			lineColor: colors.line,
			arrowheadColor: colors.line
		},
		fontFamily: 'system-ui, sans-serif',
		maxTextSize: 50_000,
		maxEdges: 500,
		suppressErrorRendering: true,
		secure: LOCKED
	};
}

/** The palette Mermaid was last initialised with (as JSON), to re-initialise only on a change. */
let initialized = '';

function load(): Promise<Mermaid> {
	mermaid ??= import('mermaid').then((m) => m.default);
	mermaid.catch(() => (mermaid = undefined));
	return mermaid;
}

/**
 * Render a diagram's source to sanitized SVG markup, in `colors` (Mermaid writes its colours
 * into the SVG: a diagram is drawn again to change them).
 *
 * @throws (rejects) with Mermaid's error when the source is not a diagram it can draw, or when
 *   Mermaid cannot be fetched.
 */
export function renderDiagram(source: string, colors: DiagramColors): Promise<string> {
	// One at a time: Mermaid measures text in a shared scratch element, and its configuration
	// is global.
	const next = queue.then(async () => {
		const m = await load();
		const key = JSON.stringify(colors);
		if (key !== initialized) {
			m.initialize(siteConfig(colors));
			initialized = key;
		}
		const { svg } = await m.render(`iris-diagram-${++count}`, withoutDirectives(source));
		return sanitizeDiagram(svg);
	});
	queue = next.catch(() => undefined);
	return next;
}
