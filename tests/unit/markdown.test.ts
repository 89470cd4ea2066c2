// @vitest-environment jsdom
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderStreaming } from '../../src/lib/markdown';
import { WARM_UP_SAMPLE, warmUp } from '../../src/lib/markdown/warm-up';

/** Parse rendered HTML into an inert fragment (a `template` never runs scripts or loads media). */
function dom(html: string): DocumentFragment {
	const template = document.createElement('template');
	template.innerHTML = html;
	return template.content;
}

function one(html: string, selector: string): Element {
	const el = dom(html).querySelector(selector);
	if (!el) throw new Error(`no ${selector} in ${html}`);
	return el;
}

const FORBIDDEN_TAGS = [
	'script',
	'style',
	'iframe',
	'object',
	'embed',
	'form',
	'svg',
	'math',
	'base',
	'link',
	'meta',
	'frame',
	'frameset'
];

/** Every way rendered HTML could execute code or load a forbidden URL; returns what it found. */
function executionVectors(html: string): string[] {
	const found: string[] = [];
	for (const el of dom(html).querySelectorAll('*')) {
		const tag = el.tagName.toLowerCase();
		if (FORBIDDEN_TAGS.includes(tag)) found.push(`<${tag}>`);
		for (const attr of el.attributes) {
			if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
			if (attr.name === 'style') found.push(`${tag}[style]`);
			// What a browser would resolve: it ignores tabs/newlines and trims controls and spaces.
			// eslint-disable-next-line no-control-regex
			const url = attr.value.replace(/[\u0000-\u0020]/g, '');
			if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(attr.name)) {
				if (!/^(?:https?:\/\/|mailto:|#)/i.test(url)) found.push(`${tag}[${attr.name}=${url}]`);
			}
		}
	}
	return found;
}

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
		expect(() => warmUp()).not.toThrow();
	});
});
