// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown } from '../../src/lib/markdown/incremental';
import { closeOpenInline } from '../../src/lib/markdown/inline-marks';
import { renderMarkdown } from '../../src/lib/markdown/render';
import { renderStreaming } from '../../src/lib/markdown/streaming';
import { dom } from './markdown-helpers';
import { PIECES } from './support/markdown-corpus';

const text = (html: string) => dom(html).textContent ?? '';

describe('closeOpenInline', () => {
	it.each([
		['This is the **demo ', 'This is the **demo** '],
		['**see `x', '**see `x`**'],
		['a **bold *it', 'a **bold *it***'],
		['**bold*', '**bold**'],
		['***both', '***both***'],
		['_em', '_em_'],
		['~~del', '~~del~~'],
		['**Note:', '**Note:**'],
		['*단어*로 *강', '*단어*로 *강*'],
		['**bold\nmore', '**bold\nmore**'],
		['> quote *it', '> quote *it*'],
		['- [ ] task **bo', '- [ ] task **bo**'],
		['## **Demo', '## **Demo**'],
		['| a | b |\n| - | - |\n| x | **y', '| a | b |\n| - | - |\n| x | **y**'],
		['lists, `inline ', 'lists, `inline` ']
	])('closes what is open at the end: %j', (open, closed) => {
		expect(closeOpenInline(open)).toBe(closed);
	});

	it.each([
		['Read more in the [Hermes ', 'Read more in the Hermes '],
		['Read more in the [Hermes docs](https://example.com/her', 'Read more in the Hermes docs'],
		['Read more in the [Hermes docs]', 'Read more in the Hermes docs'],
		['[**bold link', '**bold link**'],
		['see ![alt](http://x', 'see ']
	])('shows a link being typed as its label, an image as nothing: %j', (open, shown) => {
		expect(closeOpenInline(open)).toBe(shown);
	});

	it.each([
		['This is the **', 'This is the '],
		['This is the *', 'This is the '],
		['x ~~', 'x '],
		['lists, `', 'lists, '],
		['Intro\n-', 'Intro\n'],
		['Intro\n- ', 'Intro\n'],
		['Intro\n==', 'Intro\n'],
		['text\n*', 'text\n']
	])('holds back a mark with nothing after it yet: %j', (open, shown) => {
		expect(closeOpenInline(open)).toBe(shown);
	});

	it.each([
		'2*x + 3',
		'snake_case_var',
		'2**10',
		'5 * 3',
		'end\\*',
		'**a** and *b*',
		'Title\n---\n',
		'```\ncode **x',
		'| a | b |\n| - | - |\n| x | **y |',
		'## Title ##',
		'use ` [x`',
		'**bold\n\n',
		`*args and **kwargs, ${'words '.repeat(30)}`
	])('leaves text alone that has nothing open, or only looks like it: %j', (done) => {
		expect(closeOpenInline(done)).toBe(done);
	});
});

describe('streaming with inline marks closed', () => {
	it('shows bold, code and a link label while they are typed, the final render unchanged', () => {
		const md = new IncrementalMarkdown();
		md.update('Intro.\n\nThis is the **demo ');
		expect(md.tail).toContain('<strong>demo</strong>');
		md.update('Intro.\n\nThis is the **demo gateway** with `inline ');
		expect(md.tail).toContain('<code>inline</code>');
		md.update('Intro.\n\nThis is the **demo gateway** with `inline code`, see [Hermes do');
		expect(text(md.html)).not.toMatch(/[*`[\]]/);
		const final =
			'Intro.\n\nThis is the **demo gateway** with `inline code`, see [x](https://e.x).';
		md.finish(final);
		expect(md.html).toBe(renderMarkdown(final));
	});

	// Every prefix of every short document: a `**`, `~~` or backtick shown while streaming is a
	// mark flashing by, unless the finished document shows that text itself.
	// Thousands of renders through jsdom's DOMPurify: slow on a shared 2-core machine.
	it(
		'never shows a mark as text that the finished document does not show',
		{ timeout: 120_000 },
		() => {
			for (const doc of PIECES) {
				const final = text(renderMarkdown(doc));
				for (let end = 1; end <= doc.length; end++) {
					const shown = text(renderStreaming(doc.slice(0, end)));
					for (const markText of ['**', '~~', '`'])
						if (!final.includes(markText))
							expect(shown, JSON.stringify(doc.slice(0, end))).not.toContain(markText);
				}
			}
		}
	);
});
