// @vitest-environment jsdom
/** Where the streaming cursor goes: after the last word, in the innermost block that ends the text. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown';
import {
	CURSOR_ATTRIBUTE,
	cursorHost,
	moveCursor
} from '../../src/lib/components/conversation/cursor-host';

/** A rendered answer's root holding `html`, with the blank text and comments Svelte leaves. */
function root(html: string): HTMLElement {
	const div = document.createElement('div');
	div.innerHTML = `<!---->${html}\n<!---->`;
	return div;
}

/** The host's tag and text, or "root". */
function host(markdown: string): string {
	const md = root(renderMarkdown(markdown));
	const el = cursorHost(md);
	return el === md ? 'root' : `${el.localName}: ${el.textContent?.trim()}`;
}

describe('cursorHost', () => {
	it.each([
		['a paragraph', 'Some text', 'p: Some text'],
		['a heading', '# Title', 'h1: Title'],
		['a list item', '- one\n- two', 'li: two'],
		['a list item ending in inline code', '- one `x`', 'li: one x'],
		['a nested list', '- a\n  - b', 'li: b'],
		['a loose list', '- a\n\n- b', 'p: b'],
		['a quote', '> said', 'p: said'],
		['a list in a quote', '> q\n> - a', 'li: a'],
		['a row being typed', '| a | b |\n|---|---|\n| x', 'td: x'],
		['a header row', '| a | b |\n|---|---|', 'th: b'],
		['a rule', 'text\n\n---', 'root'],
		['a finished code block', '```ts\nconst x = 1;\n```', 'root']
	])('%s', (_, markdown, expected) => {
		expect(host(markdown)).toBe(expected);
	});

	it('is the code of an open code block', () => {
		const md = root('<p>See:</p><pre data-open=""><code class="language-ts">const x</code></pre>');
		expect(cursorHost(md).localName).toBe('code');
	});

	it('is the root when nothing shows yet', () => {
		const md = root('');
		expect(cursorHost(md)).toBe(md);
	});
});

describe('moveCursor', () => {
	it('marks one element at a time and none at the end', () => {
		const md = root('<p>a</p><p>b</p>');
		const [a, b] = [...md.querySelectorAll('p')];
		let at = moveCursor(undefined, a);
		at = moveCursor(at, b);
		expect(md.querySelectorAll(`[${CURSOR_ATTRIBUTE}]`)).toEqual(
			expect.objectContaining({ length: 1 })
		);
		expect(b!.hasAttribute(CURSOR_ATTRIBUTE)).toBe(true);
		expect(moveCursor(at, undefined)).toBeUndefined();
		expect(md.querySelector(`[${CURSOR_ATTRIBUTE}]`)).toBeNull();
	});
});
