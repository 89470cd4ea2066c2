// @vitest-environment jsdom
/**
 * sanitizeHighlight: highlight.js's own markup is kept as it is written; anything else goes
 * through DOMPurify and keeps only `span` and `class`. And the `<body>` DOMPurify walks from never
 * reaches the result.
 */
import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown';
import { sanitizeHighlight } from '../../src/lib/markdown/sanitize';

/** The elements and attributes `html` holds once parsed into a `code` element. */
function shape(html: string): { tags: string[]; attributes: string[] } {
	const code = document.createElement('code');
	code.innerHTML = html;
	const elements = [...code.querySelectorAll('*')];
	return {
		tags: [...new Set(elements.map((e) => e.localName))],
		attributes: [...new Set(elements.flatMap((e) => e.getAttributeNames()))]
	};
}

describe('sanitizeHighlight', () => {
	it("returns highlight.js's markup of a block as it is", () => {
		hljs.registerLanguage('typescript', typescript);
		const code = `class A<T> extends B { f(s = "a & 'b'") { return s < 1 && s > 2; } } // <done>`;
		const html = hljs.highlight(code, { language: 'typescript' }).value;
		expect(html).toContain('<span class="hljs-');
		expect(html).toContain('&lt;');
		expect(sanitizeHighlight(html)).toBe(html);
	});

	it.each([
		[
			'an element other than span',
			'<span class="hljs-string">a</span><img src=x onerror=alert(1)>'
		],
		['a span with another attribute', '<span class="x" onclick="alert(1)">a</span>'],
		['a class in single quotes', "<span class='a'>a</span>"],
		['a class that runs into another attribute', '<span class="a"onclick="alert(1)">a</span>'],
		['a stray end tag', 'a</span><script>alert(1)</script>'],
		['a bare <', 'a <b>bold</b>'],
		['a comment', '<!-- x --><span class="a">b</span>'],
		['an unknown character reference', '&#60;script&#62;<span class="a">b</span>'],
		['a body', '<body onload="alert(1)"><span class="a">b</span>']
	])('passes HTML with %s through DOMPurify: spans with a class only', (_, html) => {
		const clean = sanitizeHighlight(html);
		// DOMPurify changed it (the fast path returns its input as is).
		expect(clean).not.toBe(html);
		const { tags, attributes } = shape(clean);
		expect(tags.every((t) => t === 'span')).toBe(true);
		expect(attributes.every((a) => a === 'class')).toBe(true);
		expect(clean).not.toMatch(/<body|onload|onclick|onerror/i);
	});

	it('closes what it keeps: an unclosed span goes through DOMPurify', () => {
		const html = '<span class="hljs-keyword">const';
		expect(sanitizeHighlight(html)).toBe('<span class="hljs-keyword">const</span>');
	});
});

describe('the walk root', () => {
	it('never passes a <body> of the input, or its attributes, to the result', () => {
		const html = renderMarkdown('<body onload="alert(1)" class="x">\n\ntext <body onclick=1> more');
		expect(html).not.toMatch(/<body|onload|onclick/i);
		expect(html).toContain('text');
		expect(html).toContain('more');
	});
});
