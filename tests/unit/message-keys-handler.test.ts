// @vitest-environment jsdom
/**
 * The log's keydown handler (message-keys.ts) in a DOM: which keys it takes on the log itself,
 * and that it leaves alone what it must (modified keys, a dialog opened from a message).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '../../src/lib/components/conversation/message-keys';

/** A log with one message holding an open dialog, and the handler on it with a spy list. */
function setUp() {
	const scroller = document.createElement('div');
	scroller.tabIndex = 0;
	scroller.innerHTML =
		'<article data-message-id="m1"><dialog open><button>Close</button></dialog></article>';
	document.body.replaceChildren(scroller);
	const toEnd = vi.fn();
	const handler = messageKeys({ scroller, ids: () => ['m1'], scrollTo: vi.fn(), toEnd });
	scroller.addEventListener('keydown', handler);
	const press = (target: Element, key: string, init: KeyboardEventInit = {}) => {
		const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
		target.dispatchEvent(event);
		return event;
	};
	return { scroller, toEnd, press };
}

describe('messageKeys', () => {
	it('End on the log goes to the end, in place of the browser’s own End', () => {
		const { scroller, toEnd, press } = setUp();
		expect(press(scroller, 'End').defaultPrevented).toBe(true);
		expect(toEnd).toHaveBeenCalledTimes(1);
	});

	it('leaves modified End, other scrolling keys, and keys in a dialog to the browser', () => {
		const { scroller, toEnd, press } = setUp();
		const button = scroller.querySelector('button')!;
		for (const event of [
			press(scroller, 'End', { shiftKey: true }),
			press(scroller, 'End', { ctrlKey: true }),
			press(scroller, 'Home'),
			press(scroller, 'PageUp'),
			press(button, 'End')
		])
			expect(event.defaultPrevented).toBe(false);
		expect(toEnd).not.toHaveBeenCalled();
	});

	it('Home waits for a far row however many frames it takes to render, then focuses it', async () => {
		// The first row shows only after 200 frames of scrolling to it (a loaded machine).
		const { press, article, runFrames } = farRow(200);
		press(article('m9')!, 'Home');
		await runFrames(250);
		expect(document.activeElement).toBe(article('m0'));
	});

	it('Home waits for a far row rendered but not shown yet (not measured), then focuses it', async () => {
		// Focusing it while hidden would leave the focus where it fell: on the log itself.
		const { press, article, runFrames } = farRow(3, 20);
		press(article('m9')!, 'Home');
		await runFrames(10);
		expect(article('m0')).not.toBeNull();
		expect(document.activeElement).not.toBe(article('m0'));
		await runFrames(30);
		expect(document.activeElement).toBe(article('m0'));
	});

	it('a newer key press ends the wait for an earlier one’s row', async () => {
		const { press, article, runFrames } = farRow(Infinity);
		press(article('m5')!, 'Home');
		await runFrames(2);
		press(article('m5')!, 'End');
		// The first row renders after all, while the earlier wait would still be looking for it.
		article('m5')!.insertAdjacentHTML(
			'beforebegin',
			'<article data-message-id="m0">First</article>'
		);
		await runFrames(5);
		expect(document.activeElement).toBe(article('m9'));
	});

	it('a scroll, a press on the log or the focus going elsewhere ends the wait', async () => {
		for (const leave of [
			(scroller: HTMLElement) => scroller.dispatchEvent(new Event('wheel')),
			(scroller: HTMLElement) => scroller.dispatchEvent(new Event('pointerdown')),
			() => {
				const composer = document.body.appendChild(document.createElement('textarea'));
				composer.focus();
			}
		]) {
			const { press, article, runFrames } = farRow(Infinity);
			const scroller = article('m5')!.parentElement!;
			press(article('m5')!, 'Home');
			await runFrames(2);
			leave(scroller);
			const focused = document.activeElement;
			article('m5')!.insertAdjacentHTML(
				'beforebegin',
				'<article data-message-id="m0">First</article>'
			);
			await runFrames(5);
			expect(document.activeElement).toBe(focused);
			expect(document.activeElement).not.toBe(article('m0'));
		}
	});
});

/**
 * A log of three messages whose first row renders only after `after` scrolls to it, and then
 * stays hidden (not measured yet: `visibility: hidden`, which takes no focus) for `hiddenFor`
 * more frames, with the handler on it; `runFrames(n)` runs up to `n` animation frames (jsdom has
 * none of its own, nor visibility).
 */
function farRow(after: number, hiddenFor = 0) {
	const frames: FrameRequestCallback[] = [];
	vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
	vi.stubGlobal('CSS', { escape: (value: string) => value }); // jsdom has neither
	Element.prototype.scrollIntoView = () => {};
	const scroller = document.createElement('div');
	scroller.innerHTML =
		'<article data-message-id="m5">Middle</article><article data-message-id="m9">Newest</article>';
	document.body.replaceChildren(scroller);
	let scrolls = 0;
	let hidden = 0;
	const scrollTo = vi.fn((index: number) => {
		if (index !== 0 || ++scrolls !== after) return;
		scroller.insertAdjacentHTML('afterbegin', '<article data-message-id="m0">First</article>');
		const first = scroller.firstElementChild as HTMLElement;
		const focus = first.focus.bind(first);
		hidden = hiddenFor;
		first.checkVisibility = () => hidden === 0;
		first.focus = (options) => (hidden === 0 ? focus(options) : undefined);
	});
	scroller.addEventListener(
		'keydown',
		messageKeys({ scroller, ids: () => ['m0', 'm5', 'm9'], scrollTo, toEnd: vi.fn() })
	);
	const article = (id: string) => scroller.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
	const press = (target: HTMLElement, key: string) =>
		target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
	const runFrames = async (n: number) => {
		for (let done = 0; done < n && frames.length; done++) {
			hidden = Math.max(0, hidden - 1);
			frames.shift()!(0);
			await new Promise((resolve) => setTimeout(resolve, 0));
		}
	};
	return { press, article, runFrames };
}

afterEach(() => vi.unstubAllGlobals());
