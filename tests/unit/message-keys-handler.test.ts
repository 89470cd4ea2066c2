// @vitest-environment jsdom
/**
 * The log's keydown handler (message-keys.ts) in a DOM: which keys it takes on the log itself,
 * and that it leaves alone what it must (modified keys, a dialog opened from a message).
 */
import { describe, expect, it, vi } from 'vitest';
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
});
