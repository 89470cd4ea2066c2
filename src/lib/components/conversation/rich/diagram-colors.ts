/**
 * The colours a Mermaid diagram is drawn in, taken from the design tokens of the theme the page
 * shows now (src/lib/styles/tokens.css): nodes in the primary container with its own text colour
 * (≥ 4.5:1 in both themes, tests/e2e/rich-theme.spec.ts measures it), boxes and notes on the
 * raised surface, lines in the muted text colour. Mermaid needs concrete colours, so each token
 * is resolved by the browser to `rgb(…)`.
 */
import type { DiagramColors } from '$lib/markdown/mermaid';
import type { Theme } from './theme';

/** Token per colour of a diagram. */
const TOKENS: Record<Exclude<keyof DiagramColors, 'dark'>, string> = {
	background: '--code-bg',
	node: '--primary-container',
	nodeBorder: '--primary',
	nodeText: '--on-primary-container',
	box: '--surface-raised',
	boxBorder: '--outline-strong',
	text: '--on-surface',
	line: '--on-surface-muted'
};

/** The tokens' values as written, for a token missing or not resolved to `rgb()` (e.g. a test page). */
const FALLBACK: Record<Theme, Omit<DiagramColors, 'dark'>> = {
	light: {
		background: '#eff0f5',
		node: '#e6e2ff',
		nodeBorder: '#5b4bd6',
		nodeText: '#2a1f86',
		box: '#ffffff',
		boxBorder: '#8a8fa3',
		text: '#1b1d26',
		line: '#5d6275'
	},
	dark: {
		background: '#1b1c24',
		node: '#342f5c',
		nodeBorder: '#a99cff',
		nodeText: '#e6e2ff',
		box: '#21232c',
		boxBorder: '#6d7285',
		text: '#e8e9f0',
		line: '#a3a8ba'
	}
};

/** The diagram colours of the page's current tokens (`theme`: the effective theme). */
export function diagramColors(theme: Theme): DiagramColors {
	const probe = document.createElement('span');
	probe.hidden = true;
	document.body.append(probe);
	try {
		const colors: DiagramColors = { dark: theme === 'dark', ...FALLBACK[theme] };
		const root = getComputedStyle(document.documentElement);
		for (const [key, token] of Object.entries(TOKENS) as [keyof typeof TOKENS, string][]) {
			if (!root.getPropertyValue(token).trim()) continue;
			probe.style.color = `var(${token})`;
			const value = getComputedStyle(probe).color;
			if (/^rgba?\(/.test(value)) colors[key] = value;
		}
		return colors;
	} finally {
		probe.remove();
	}
}
