// @vitest-environment jsdom
/**
 * The rich stage looks only at a message's new top-level blocks after each render
 * (src/lib/components/conversation/rich/fresh-blocks.ts): finished blocks are not visited again
 * while the message streams, re-rendered ones are.
 */
import { describe, expect, it } from 'vitest';
import {
	forgetBlocks,
	freshBlocks,
	within
} from '../../src/lib/components/conversation/rich/fresh-blocks';

function message(html: string): HTMLElement {
	const root = document.createElement('div');
	root.innerHTML = html;
	return root;
}

describe('freshBlocks', () => {
	it('hands out every block once, then only the new or replaced ones', () => {
		const root = message('<p>a</p> text <pre><code>x</code></pre>');
		expect(freshBlocks(root).map((el) => el.tagName)).toEqual(['P', 'PRE']);
		expect(freshBlocks(root)).toEqual([]);

		// The next render: the open tail replaced, a finished block appended after it.
		const tail = root.lastElementChild!;
		const replaced = document.createElement('pre');
		tail.replaceWith(replaced);
		const added = document.createElement('table');
		root.append(added);
		expect(freshBlocks(root)).toEqual([replaced, added]);
		expect(freshBlocks(root)).toEqual([]);
	});

	it('hands forgotten blocks out again (their work failed)', () => {
		const root = message('<p>1</p><p>2</p>');
		const [first] = freshBlocks(root);
		forgetBlocks(root, [first!]);
		expect(freshBlocks(root)).toEqual([first]);
		expect(freshBlocks(root)).toEqual([]);
	});

	it('keeps each message apart', () => {
		const one = message('<p>1</p>');
		const two = message('<p>2</p>');
		expect(freshBlocks(one)).toHaveLength(1);
		expect(freshBlocks(two)).toHaveLength(1);
		expect(freshBlocks(one)).toHaveLength(0);
	});
});

describe('within', () => {
	it('finds the blocks themselves and their descendants, in order', () => {
		const root = message('<pre><code>a</code></pre><div><pre><code>b</code></pre></div><p>c</p>');
		const blocks = [...root.children];
		expect(within(blocks, 'pre > code').map((el) => el.textContent)).toEqual(['a', 'b']);
		expect(within(blocks, 'pre').map((el) => el.textContent)).toEqual(['a', 'b']);
		expect(within([blocks[2]!], 'pre')).toEqual([]);
	});
});
