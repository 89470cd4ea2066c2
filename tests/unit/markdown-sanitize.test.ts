// @vitest-environment jsdom
/**
 * renderMarkdown on untrusted input: links get rel and target or lose an app-relative href, and
 * XSS vectors (scripts, handlers, javascript:/data: URLs, svg, math, forms, styles) are neutralised.
 */
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown';
import { dom, executionVectors, one } from './markdown-helpers';

describe('renderMarkdown: links', () => {
	it.each([
		['[Iris](https://example.com/a?b=1)', 'https://example.com/a?b=1'],
		['[plain](http://example.com)', 'http://example.com'],
		['<https://example.com/auto>', 'https://example.com/auto'],
		['[mail](mailto:me@example.com)', 'mailto:me@example.com']
	])('external link %s gets rel and target', (md, href) => {
		const a = one(renderMarkdown(md), 'a');
		expect(a.getAttribute('href')).toBe(href);
		expect(a.getAttribute('rel')).toBe('noopener noreferrer');
		expect(a.getAttribute('target')).toBe('_blank');
	});

	it('keeps an in-page #fragment link in the same tab, with rel', () => {
		const a = one(renderMarkdown('[up](#top)'), 'a');
		expect(a.getAttribute('href')).toBe('#top');
		expect(a.getAttribute('rel')).toBe('noopener noreferrer');
		expect(a.hasAttribute('target')).toBe(false);
	});

	it.each([
		['[pair](/pair#url=wss://evil.example&token=x)'],
		['[rel](other/page)'],
		['[proto-relative](//evil.example/x)']
	])('drops the href of an app-relative link: %s', (md) => {
		const a = one(renderMarkdown(md), 'a');
		expect(a.hasAttribute('href')).toBe(false);
		expect(a.hasAttribute('target')).toBe(false);
	});

	it('overrides a target/rel written in raw HTML', () => {
		const a = one(
			renderMarkdown('<a href="https://x.example" target="_self" rel="opener">x</a>'),
			'a'
		);
		expect(a.getAttribute('target')).toBe('_blank');
		expect(a.getAttribute('rel')).toBe('noopener noreferrer');
	});

	it('registers its hooks on its own DOMPurify instance, not the global one', () => {
		renderMarkdown('[x](https://example.com)');
		const global = DOMPurify.sanitize('<a href="https://example.com">x</a>');
		expect(global).not.toContain('target');
		expect(global).not.toContain('noopener');
	});
});

describe('renderMarkdown: XSS vectors are neutralised', () => {
	it.each([
		['script tag', '<script>alert(1)</script>hello'],
		['script in markdown paragraph', 'hi <script>alert(1)</script>'],
		['img onerror', '<img src=x onerror="alert(1)">'],
		['img onerror with valid src', '<img src="https://x.example/a.png" onerror="alert(1)">'],
		['javascript: markdown link', '[x](javascript:alert(1))'],
		['javascript: mixed case', '[x](JaVaScRiPt:alert(1))'],
		['javascript: with entity-encoded tab', '<a href="java&#x09;script:alert(1)">x</a>'],
		['javascript: autolink', '<javascript:alert(1)>'],
		['javascript: reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
		['vbscript: link', '[x](vbscript:msgbox(1))'],
		['data: html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
		['data: markdown link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
		['data: image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
		['data: raw img', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
		['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
		['svg script', '<svg><script>alert(1)</script></svg>'],
		['svg use href', '<svg><use href="data:image/svg+xml,x#a"/></svg>'],
		['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
		['iframe', '<iframe src="https://evil.example"></iframe>'],
		['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
		['object', '<object data="https://evil.example/x.swf"></object>'],
		['embed', '<embed src="https://evil.example/x.swf">'],
		[
			'form',
			'<form action="https://evil.example"><button formaction="javascript:1">go</button></form>'
		],
		['style element', '<style>body { display: none }</style>text'],
		['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
		['details ontoggle', '<details open ontoggle="alert(1)"><summary>s</summary></details>'],
		['a onclick', '<a href="https://ok.example" onclick="alert(1)">x</a>'],
		['base href', '<base href="https://evil.example/">'],
		['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
		['link import', '<link rel="import" href="https://evil.example">'],
		['html in table cell', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
		['html in code span stays text', '`<script>alert(1)</script>`']
	])('%s', (_name, md) => {
		const html = renderMarkdown(md);
		expect(executionVectors(html)).toEqual([]);
	});

	it('keeps a script inside a code span as visible text', () => {
		expect(one(renderMarkdown('`<script>x</script>`'), 'code').textContent).toBe(
			'<script>x</script>'
		);
	});

	it('shows a remote image as a placeholder that fetches nothing', () => {
		const html = renderMarkdown('![cat](https://img.example/cat.png)');
		expect(dom(html).querySelector('img')).toBeNull();
		const span = one(html, 'span.remote-image');
		expect(span.getAttribute('data-remote-src')).toBe('https://img.example/cat.png');
		expect(span.getAttribute('data-alt')).toBe('cat');
	});

	it('strips classes and data attributes that could spoof the app', () => {
		const html = renderMarkdown(
			'<p class="fixed inset-0" data-message-id="m1" id="x">hi</p><code class="language-js evil">c</code>'
		);
		const p = one(html, 'p');
		expect([...p.attributes].map((a) => a.name)).toEqual(['dir']);
		expect(one(html, 'code').className).toBe('language-js');
	});

	it('does not let raw HTML fake app structure (article, details, mark)', () => {
		const html = renderMarkdown(
			'<article data-role="user">x</article><details><summary>Reasoning</summary>y</details><mark>z</mark>'
		);
		expect(dom(html).querySelector('article, details, summary, mark')).toBeNull();
		expect(dom(html).textContent).toContain('Reasoning');
	});

	it('turns a raw text input into a disabled checkbox', () => {
		const input = one(renderMarkdown('<input type="text" name="token">'), 'input');
		expect(input.getAttribute('type')).toBe('checkbox');
		expect(input.hasAttribute('disabled')).toBe(true);
		expect(input.hasAttribute('name')).toBe(false);
	});
});
