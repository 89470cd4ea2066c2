// @vitest-environment jsdom
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import { KATEX_OPTIONS, typeset } from '../../src/lib/markdown/katex';
import { renderMarkdown } from '../../src/lib/markdown/render';

function formulas(md: string): { tex: string; kind: string }[] {
	const template = document.createElement('template');
	template.innerHTML = renderMarkdown(md);
	return [...template.content.querySelectorAll('code.language-math')].map((c) => ({
		tex: c.textContent ?? '',
		kind: c.classList.contains('math-display') ? 'display' : 'inline'
	}));
}

describe('math in markdown', () => {
	it.each([
		['$x^2$', [{ tex: 'x^2', kind: 'inline' }]],
		['\\(a_1 + b_2\\) inline', [{ tex: 'a_1 + b_2', kind: 'inline' }]],
		['$$\\int_0^1 x\\,dx$$', [{ tex: '\\int_0^1 x\\,dx', kind: 'display' }]],
		[
			'\\[\n\\frac{a}{b} \\\\ \\{x\\}\n\\]',
			[{ tex: '\\frac{a}{b} \\\\ \\{x\\}', kind: 'display' }]
		],
		['Sum: $$\\sum_{i=1}^n i$$ in text', [{ tex: '\\sum_{i=1}^n i', kind: 'display' }]],
		['```math\nE = mc^2\n```', [{ tex: 'E = mc^2\n', kind: 'inline' }]],
		['a $\\_x$ and *b*', [{ tex: '\\_x', kind: 'inline' }]]
	])('%j is math, backslashes intact', (md, expected) => {
		// A ```math fence is a code block with the math language (display by its `pre`).
		expect(formulas(md)).toEqual(expected);
	});

	it.each([
		['$5 and $10'],
		['It costs $3.50 or $4 today.'],
		['echo $HOME $PATH'],
		['echo $HOME$PATH and $PATH, `$x$`'],
		['`echo $HOME$` and `$x$`'],
		['```sh\necho "$HOME" $PATH $1$2\n```'],
		['US$5 and US$6$ tax'],
		['\\$x$ escaped'],
		['$ x$ and $x $']
	])('%j stays text', (md) => {
		expect(formulas(md)).toEqual([]);
		expect(renderMarkdown(md)).not.toContain('math');
	});

	it('keeps money in the text as typed', () => {
		expect(renderMarkdown('It costs $3.50 or $4 today.')).toBe(
			'<p dir="auto">It costs $3.50 or $4 today.</p>\n'
		);
	});
});

describe('KaTeX for untrusted TeX', () => {
	it('invalid TeX shows its source in the error style and never throws', () => {
		const html = typeset(katex, '\\frac{1}{', false);
		expect(html).toContain('katex-error');
		expect(html).toContain('\\frac{1}{');
	});

	it.each([
		['\\href{javascript:alert(1)}{x}'],
		['\\url{javascript:alert(1)}'],
		['\\htmlData{onclick=alert(1)}{x}'],
		['\\htmlId{x}{y}\\htmlClass{c}{z}\\htmlStyle{color:red}{w}'],
		['\\includegraphics{https://evil.example/x.png}']
	])('%s makes no link, attribute or image', (tex) => {
		const template = document.createElement('template');
		template.innerHTML = typeset(katex, tex, true);
		const root = template.content;
		expect(root.querySelector('a, img, [href], [src], [onclick], [data-onclick]')).toBeNull();
		expect(root.textContent).not.toBe('');
	});

	it('stops a macro bomb at maxExpand instead of hanging', () => {
		const bomb =
			'\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\def\\d{\\c\\c\\c\\c\\c\\c\\c\\c\\c\\c}\\d\\d\\d\\d';
		const html = typeset(katex, bomb, false);
		expect(html).toContain('katex-error');
		expect(KATEX_OPTIONS.trust).toBe(false);
	});
});
