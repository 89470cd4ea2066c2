// @vitest-environment jsdom
/**
 * renderStreaming on text still arriving: open code fences and partial tables render as they will
 * end up, complete text renders as renderMarkdown does, and it sanitizes the same way.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderStreaming } from '../../src/lib/markdown';
import { dom, executionVectors, one } from './markdown-helpers';

describe('renderStreaming', () => {
	it('renders an open fence as a code block, not raw backticks', () => {
		const html = renderStreaming('Here it is:\n\n```py\nprint("hi")\nfor x in y:');
		expect(html).toContain('<pre><code');
		const code = one(html, 'pre > code');
		expect(code.className).toBe('language-py');
		expect(code.textContent).toBe('print("hi")\nfor x in y:\n');
		expect(dom(html).textContent).not.toContain('```');
	});

	it('renders a fence whose opener ends the text as an empty code block without a language yet', () => {
		const html = renderStreaming('Look:\n\n```pyth');
		const code = one(html, 'pre > code');
		expect(code.hasAttribute('class')).toBe(false);
		expect(code.textContent).toBe('');
	});

	it('holds back an opener still arriving ("``")', () => {
		const html = renderStreaming('Look:\n``');
		expect(dom(html).textContent).not.toContain('`');
	});

	it('holds back a closer still arriving', () => {
		const code = one(renderStreaming('```\nlet a;\n``'), 'pre > code');
		expect(code.textContent).toBe('let a;\n');
	});

	it('keeps a fence closed by its closer', () => {
		const md = '```js\na\n```\n\nafter';
		expect(renderStreaming(md)).toBe(renderMarkdown(md));
		expect(one(renderStreaming(md), 'p').textContent).toBe('after');
	});

	it('does not close a ``` fence with ~~~', () => {
		const code = one(renderStreaming('```\n~~~\nstill code'), 'pre > code');
		expect(code.textContent).toBe('~~~\nstill code\n');
	});

	it('closes tilde fences and longer fences with the same fence', () => {
		expect(one(renderStreaming('~~~~\n```\nx'), 'pre > code').textContent).toBe('```\nx\n');
	});

	it('closes an open fence inside a list item and a blockquote, in place', () => {
		const list = renderStreaming('- step:\n  ```sh\n  ls -la');
		expect(one(list, 'li pre > code').textContent).toBe('ls -la\n');
		const quote = renderStreaming('> ```\n> quoted code');
		expect(one(quote, 'blockquote pre > code').textContent).toBe('quoted code\n');
	});

	it('does not mistake inline triple-backtick code for a fence', () => {
		const md = '```inline``` code';
		expect(renderStreaming(md)).toBe(renderMarkdown(md));
		expect(dom(renderStreaming(md)).querySelector('pre')).toBeNull();
	});

	it('keeps a table while its delimiter row is still being typed', () => {
		for (const partial of ['|', '|-', '|--', '|---|', '| --- | -', '|:-']) {
			const html = renderStreaming(`| a | b |\n${partial}`);
			const heads = [...dom(html).querySelectorAll('table th')].map((c) => c.textContent);
			expect(heads, partial).toEqual(['a', 'b']);
		}
		expect(one(renderStreaming('| a | b |\n|:-'), 'th').getAttribute('align')).toBe('left');
	});

	it('holds back a table header until its delimiter row starts, never a paragraph of pipes', () => {
		for (const before of ['', 'Intro.\n\n', 'Here it is:\n'])
			for (const header of ['|', '| Met', '| Metric | Value |', '| Metric | Value |\n']) {
				const fragment = dom(renderStreaming(before + header));
				expect(fragment.textContent, before + header).not.toContain('|');
				expect(fragment.textContent, before + header).not.toContain('Met');
				expect(fragment.textContent?.trim()).toBe(before.trim());
			}
		// A piped line that is text after all shows once the next line starts, or once it is long.
		expect(dom(renderStreaming('| not a table\nbut text')).textContent).toContain('| not a table');
		const absolute = 'The notation\n|x| means the absolute value of x, as usual';
		expect(dom(renderStreaming(absolute)).textContent).toContain('|x| means');
		// A quoted table is held back the same way; a header without outer pipes is not held.
		expect(dom(renderStreaming('> Here:\n>\n> | Name | Qty |')).textContent).not.toContain('|');
		expect(dom(renderStreaming('a | b\n|')).querySelectorAll('th')).toHaveLength(2);
	});

	it('keeps the first body row a row while it is typed, never a delimiter', () => {
		const table = '| a | b |\n| --- | --- |\n';
		for (const partial of ['|', '| ', '| -', '| - |', '|:']) {
			const fragment = dom(renderStreaming(table + partial));
			const heads = [...fragment.querySelectorAll('th')].map((c) => c.textContent);
			expect(heads, partial).toEqual(['a', 'b']);
			const cells = [...fragment.querySelectorAll('td')].map((c) => c.textContent);
			expect(cells, partial).not.toContain('---');
		}
	});

	it('keeps a table whole while its last row is partial', () => {
		const table = '| a | b |\n|---|---|\n| 1 | 2 |\n';
		for (const partial of ['|', '| 3', '| 3 |', '| 3 | `4', '| -']) {
			const fragment = dom(renderStreaming(table + partial));
			expect(fragment.querySelectorAll('table'), partial).toHaveLength(1);
			expect(fragment.querySelectorAll('tbody tr'), partial).toHaveLength(2);
			expect(fragment.querySelector('p'), partial).toBeNull();
		}
	});

	it.each([
		['# Title\n\nSome *text* and `code`.'],
		['- a\n- b\n\n1. c\n2. d\n'],
		['```ts\nconst x = 1;\n```'],
		['```ts\nconst x = 1;\n```\n'],
		['| a | b |\n|---|---|\n| 1 | 2 |'],
		['| a | b |\n|---|---|\n| 1 | 2 |\n'],
		['a | b\n--|--\n1 | 2'],
		['[link](https://example.com) and <b>bold</b>\n\n> quote'],
		['Setext\n---'],
		['Text ending in a thematic break\n\n---'],
		['~~~\ntilde\n~~~'],
		['- [x] done\n- [ ] todo']
	])('equals renderMarkdown for complete text: %j', (md) => {
		expect(renderStreaming(md)).toBe(renderMarkdown(md));
	});

	it('sanitizes like renderMarkdown', () => {
		expect(executionVectors(renderStreaming('```\n<script>x</script>'))).toEqual([]);
		expect(executionVectors(renderStreaming('<img src=x onerror=alert(1)>\n```'))).toEqual([]);
	});
});
