// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeDiagram } from '../../src/lib/markdown/diagram-svg';
import { withoutDirectives } from '../../src/lib/markdown/mermaid';

function svgOf(markup: string): Element {
	const template = document.createElement('template');
	template.innerHTML = sanitizeDiagram(markup);
	return template.content.firstElementChild!;
}

describe('diagram SVG sanitizing', () => {
	it('keeps the drawing: shapes, text, local markers and styles', () => {
		const svg = svgOf(
			'<svg id="d1" viewBox="0 0 10 10"><style>#d1 .node rect{fill:#eee}</style><defs><marker id="arrow"><path d="M0 0"/></marker></defs><g class="node"><rect width="5" height="5"/><text>Start</text></g><path marker-end="url(#arrow)" d="M0 0L5 5"/></svg>'
		);
		expect(svg.querySelector('style')?.textContent).toContain('fill:#eee');
		expect(svg.querySelector('text')?.textContent).toBe('Start');
		expect(svg.querySelector('path[marker-end]')?.getAttribute('marker-end')).toBe('url(#arrow)');
	});

	it.each([
		[
			'<svg><foreignObject><div><img src=x onerror=alert(1)></div></foreignObject></svg>',
			'foreignObject, img, div'
		],
		['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', 'a, [href]'],
		[
			'<svg><g onclick="alert(1)" onmouseover="alert(2)"><rect/></g></svg>',
			'[onclick], [onmouseover]'
		],
		['<svg><image href="https://evil.example/x.png"/></svg>', 'image'],
		['<svg><use href="https://evil.example/s.svg#a"/></svg>', '[href]'],
		['<svg><script>alert(1)</script></svg>', 'script'],
		['<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>', 'animate'],
		['<svg><rect style="fill:url(https://evil.example/leak)"/></svg>', '[style]'],
		['<svg><rect fill="url(https://evil.example/leak)"/></svg>', '[fill]']
	])('%s loses %s', (markup, selector) => {
		expect(svgOf(markup).querySelectorAll(selector)).toHaveLength(0);
	});

	it.each([
		['@import url(https://evil.example/a.css);'],
		['.x{background:url(https://evil.example/leak)}'],
		['.x{background:u\\72l(https://evil.example/leak)}']
	])('empties a style element that loads a URL: %s', (css) => {
		expect(
			svgOf(`<svg><style>${css}</style><rect/></svg>`).querySelector('style')?.textContent
		).toBe('');
	});
});

describe('Mermaid directives', () => {
	it('removes %%{init}%% directives and front-matter config', () => {
		const source =
			'---\nconfig:\n  securityLevel: loose\n---\n%%{init: {"securityLevel": "loose"}}%%\ngraph TD\n  A --> B %%{ wrap }%%\n';
		const out = withoutDirectives(source);
		expect(out).not.toContain('loose');
		expect(out).not.toContain('%%{');
		expect(out).toContain('graph TD\n  A --> B');
	});
});
