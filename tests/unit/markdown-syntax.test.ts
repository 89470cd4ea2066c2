// @vitest-environment jsdom
/**
 * renderMarkdown on ordinary markdown: headings, lists, code, GFM tables and task lists with
 * dir="auto" where text goes, and the warm-up sample that exercises those blocks.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown';
import { WARM_UP_SAMPLE, warmUp } from '../../src/lib/markdown/warm-up';
import { dom, one } from './markdown-helpers';

describe('renderMarkdown: markdown', () => {
	it('renders headings with dir="auto"', () => {
		const h = one(renderMarkdown('# Title\n\n### Sub'), 'h1');
		expect(h.textContent).toBe('Title');
		expect(h.getAttribute('dir')).toBe('auto');
		expect(one(renderMarkdown('# Title\n\n### Sub'), 'h3').getAttribute('dir')).toBe('auto');
	});

	it('renders lists', () => {
		const html = renderMarkdown('- one\n- two\n\n1. first\n2. second');
		const items = [...dom(html).querySelectorAll('ul > li')];
		expect(items.map((li) => li.textContent)).toEqual(['one', 'two']);
		expect(items.every((li) => li.getAttribute('dir') === 'auto')).toBe(true);
		expect(dom(html).querySelectorAll('ol > li')).toHaveLength(2);
	});

	it('renders a fenced code block with its language class', () => {
		const code = one(renderMarkdown('```ts\nconst x = 1 < 2;\n```'), 'pre > code');
		expect(code.className).toBe('language-ts');
		expect(code.textContent).toBe('const x = 1 < 2;\n');
	});

	it('renders GFM tables with dir="auto" on cells', () => {
		const html = renderMarkdown('| a | b |\n|---|--:|\n| 1 | 2 |\n| 3 | 4 |');
		const fragment = dom(html);
		expect([...fragment.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['a', 'b']);
		expect([...fragment.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
			'1',
			'2',
			'3',
			'4'
		]);
		const cells = [...fragment.querySelectorAll('th, td')];
		expect(cells.every((c) => c.getAttribute('dir') === 'auto')).toBe(true);
		expect(fragment.querySelector('th:nth-child(2)')?.getAttribute('align')).toBe('right');
	});

	it('puts dir="auto" on paragraphs and blockquotes', () => {
		const html = renderMarkdown('> مرحبا hello\n\nשלום world');
		expect(one(html, 'blockquote').getAttribute('dir')).toBe('auto');
		for (const p of dom(html).querySelectorAll('p')) expect(p.getAttribute('dir')).toBe('auto');
	});

	it('does not turn single newlines into <br> (breaks: false)', () => {
		const html = renderMarkdown('line one\nline two');
		expect(dom(html).querySelectorAll('p')).toHaveLength(1);
		expect(dom(html).querySelector('br')).toBeNull();
	});

	it('renders task lists as disabled checkboxes', () => {
		const boxes = [...dom(renderMarkdown('- [ ] todo\n- [x] done')).querySelectorAll('input')];
		expect(boxes.map((b) => [b.type, b.disabled, b.checked])).toEqual([
			['checkbox', true, false],
			['checkbox', true, true]
		]);
	});

	it('escapes text that only looks like markup', () => {
		expect(one(renderMarkdown('1 < 2 && 3 > 2'), 'p').textContent).toBe('1 < 2 && 3 > 2');
	});
});

describe('warm-up render', () => {
	it('covers the blocks an answer commonly has, and runs without throwing', () => {
		const html = renderMarkdown(WARM_UP_SAMPLE);
		for (const tag of [
			'h1',
			'em',
			'strong',
			'code',
			'del',
			'a',
			'ul',
			'ol',
			'blockquote',
			'table',
			'pre'
		])
			expect(dom(html).querySelector(tag), tag).not.toBeNull();
		const [parse, sanitize] = warmUp();
		expect(() => {
			parse();
			sanitize();
		}).not.toThrow();
	});
});
