// @vitest-environment jsdom
/**
 * Sideways scrollers of a rendered message become tab stops only while they overflow
 * (src/lib/components/conversation/rich/side-scroll.ts): the blocks handed out after a render
 * are watched, and so is a scroller added later inside one (a diagram Mermaid drew).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	unwatchSideScroll,
	watchAddedScroller,
	watchSideScroll
} from '../../src/lib/components/conversation/rich/side-scroll';

/** What each ResizeObserver of the page observes (jsdom has none). */
const observed = new Set<Element>();

beforeEach(() => {
	observed.clear();
	vi.stubGlobal(
		'ResizeObserver',
		class {
			observe(el: Element) {
				observed.add(el);
			}
			unobserve(el: Element) {
				observed.delete(el);
			}
			disconnect() {
				observed.clear();
			}
		}
	);
});
afterEach(() => vi.unstubAllGlobals());

describe('side-scroll watching', () => {
	it('watches the scrollers of the blocks handed out, and one added later inside them', () => {
		const root = document.createElement('div');
		root.innerHTML = '<pre><code>x</code></pre><p>text</p>';
		const blocks = [...root.children];
		watchSideScroll(root, blocks);
		const code = root.querySelector('code')!;
		expect(observed).toEqual(new Set([code]));

		// A diagram drawn after the render, inside a block already handed out.
		const figure = document.createElement('figure');
		figure.className = 'diagram';
		blocks[0]!.prepend(figure);
		watchAddedScroller(figure);
		expect(observed.has(figure)).toBe(true);
		expect(figure.hasAttribute('data-side-scroll')).toBe(true);

		unwatchSideScroll(root);
		expect(observed.size).toBe(0);
	});

	it('leaves a scroller outside any watched message alone', () => {
		const loose = document.createElement('figure');
		document.body.append(loose);
		watchAddedScroller(loose);
		expect(observed.size).toBe(0);
		expect(loose.hasAttribute('data-side-scroll')).toBe(false);
	});
});
