// @vitest-environment jsdom
import type { Token } from 'marked';
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
		['***both', '***both***'],
		['~~del', '~~del~~'],
		['**Note:', '**Note:**'],
		['**bold\nmore', '**bold\nmore**'],
		['> quote **it', '> quote **it**'],
		['- [ ] task **bo', '- [ ] task **bo**'],
		['## **Demo', '## **Demo**'],
		['| a | b |\n| - | - |\n| x | **y', '| a | b |\n| - | - |\n| x | **y**'],
		['lists, `inline ', 'lists, `inline` '],
		['这是**重要的内容', '这是**重要的内容**'],
		['**🚀 Launch', '**🚀 Launch**']
	])('closes what is open at the end: %j', (open, closed) => {
		expect(closeOpenInline(open)).toBe(closed);
	});

	it.each([
		['Read more in the [Hermes ', 'Read more in the Hermes '],
		['Read more in the [Hermes docs](https://example.com/her', 'Read more in the Hermes docs'],
		['[**bold link', '**bold link**'],
		['see ![alt](http://x', 'see'],
		// A label at the start of a line does not become a list, a quote or a heading.
		['## Contents\n\n- [1. Introduction](#1-intro', '## Contents\n\n- 1\\. Introduction'],
		['[> quoted](https://x', '\\> quoted']
	])('shows a link being typed as its label, an image as nothing: %j', (open, shown) => {
		expect(closeOpenInline(open)).toBe(shown);
	});

	it.each([
		['This is the **', 'This is the'],
		['This is the *', 'This is the'],
		['x ~~', 'x'],
		['lists, `', 'lists,'],
		['Intro\n-', 'Intro\n'],
		['Intro\n- ', 'Intro\n'],
		['Intro\n==', 'Intro\n'],
		['> Intro\n> -', '> Intro\n'],
		['text\n*', 'text\n'],
		// The held-back part goes with the space before it, so the closer can close.
		['**Run `', '**Run**'],
		['This is **demo *', 'This is **demo**'],
		['- **`', ''],
		// …and a list marker left alone under a paragraph is held back too (a setext heading).
		['Key points:\n- **', 'Key points:\n'],
		['Intro\n1. **', 'Intro\n'],
		['- Parent\n  - **', '- Parent\n'],
		['This is **important, see [', 'This is **important, see**'],
		['## ', ''],
		['Intro\n\n> ', 'Intro\n\n'],
		['Intro\n\n~~`', 'Intro\n\n'],
		// A backslash being typed would escape the closer.
		['Open **C:\\', 'Open **C:**']
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
		'_em and *em',
		'In C, int *p = &x; then *p = 5 dereferences',
		'Run ls *.md | grep _draft and rm -f *~ to',
		'Use **/*.js to match',
		'Title\n---\n',
		'# **Title\n',
		'```\ncode **x',
		'| a | b |\n| - | - |\n| x | **y |',
		'## Title ##',
		'use ` [x`',
		'**bold\n\n',
		'see [1]',
		'For x in [0, 1) the function is increasing',
		'**a *b**',
		// Marks inside math, URLs, link destinations, autolinks and tags are not marks.
		'Let $a ~~b$ be the sum and $x__{i}$ the rest',
		'See [the guide](https://example.com/__next/docs) for more',
		'Open http://localhost:3000/__app/immutable to see',
		'Go to <https://example.com/**x> or the docs',
		'Use <span title="**x">this</span> to mark it',
		`**kwargs and ${'words '.repeat(50)}`,
		'This is **very *important',
		'**See https://example.com/docs** for details and more',
		'Visit **www.example.com** today',
		'~~http://old.example.com~~ moved',
		'Cost: **$10**',
		'foo**bar**',
		'Bold path: **/api/users**',
		'In Node, use __dirname to get the folder',
		'Call it as f(**opts) or pass',
		'**Set $HOME** first and more',
		'__strong'
	])('leaves text alone that has nothing open, or only looks like it: %j', (done) => {
		expect(closeOpenInline(done)).toBe(done);
	});

	// Its own work only (the lexer's is the caller's): a quadratic scan would take minutes here.
	it('stays linear on long runs and many marks', () => {
		for (const text of ['1' + '0'.repeat(200_000), '**a '.repeat(50_000), 'a__ '.repeat(50_000)]) {
			const paragraph = { type: 'paragraph', raw: text, text, tokens: [] } as Token;
			expect(closeOpenInline(text, [paragraph]).startsWith(text.slice(0, 100))).toBe(true);
		}
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
