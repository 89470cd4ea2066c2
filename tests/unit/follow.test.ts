import { describe, expect, it, vi } from 'vitest';
import { EndFollower, USER_SCROLL_MS } from '../../src/lib/components/conversation/follow.svelte';

/** A stand-in for the log's scroller: 1,000 px of content, a dialog open or not. */
function fakeScroller(dialogOpen = false) {
	return {
		scrollTop: 0,
		scrollHeight: 1_000,
		querySelector: (selector: string) => (selector === 'dialog[open]' && dialogOpen ? {} : null)
	} as unknown as HTMLElement;
}

function setUp(dialogOpen = false) {
	const scroller = fakeScroller(dialogOpen);
	const recenter = vi.fn();
	const follow = new EndFollower(() => scroller, recenter);
	return { scroller, recenter, follow };
}

/** A keydown event whose target is (or is not) inside an editable field. */
function key(name: string, editable: boolean): KeyboardEvent {
	const target = { closest: () => (editable ? {} : null) };
	return { key: name, target } as unknown as KeyboardEvent;
}

describe('EndFollower', () => {
	it('follows the end while the reader is there: a layout scroll away from it scrolls back', () => {
		const { scroller, follow } = setUp();
		follow.scrolled(false);
		expect(follow.atBottom).toBe(true);
		expect(scroller.scrollTop).toBe(1_000);
		scroller.scrollTop = 0;
		follow.resized();
		expect(scroller.scrollTop).toBe(1_000);
	});

	it('the reader scrolling up (wheel, pointer or a scrolling key) stops following', () => {
		for (const input of [
			(f: EndFollower) => f.input(),
			(f: EndFollower) => f.pointer(true),
			(f: EndFollower) => f.keydown(key('PageUp', false))
		]) {
			const { scroller, follow } = setUp();
			input(follow);
			follow.scrolled(false);
			expect(follow.atBottom).toBe(false);
			follow.resized();
			expect(scroller.scrollTop).toBe(0);
		}
	});

	it('typing in an editable field is not reader input', () => {
		const { follow } = setUp();
		follow.keydown(key('ArrowUp', true));
		follow.keydown(key('a', false));
		follow.scrolled(false);
		expect(follow.atBottom).toBe(true);
	});

	it('input long before the scroll does not count as the reader', () => {
		const now = vi.spyOn(performance, 'now');
		now.mockReturnValue(10_000);
		const { follow } = setUp();
		follow.input();
		now.mockReturnValue(10_000 + USER_SCROLL_MS + 1);
		follow.scrolled(false);
		expect(follow.atBottom).toBe(true);
		now.mockRestore();
	});

	it('reaching the end again (any scroll) follows again', () => {
		const { follow } = setUp();
		follow.input();
		follow.scrolled(false);
		expect(follow.atBottom).toBe(false);
		follow.scrolled(true);
		expect(follow.atBottom).toBe(true);
	});

	it('a search jump holds its message through layout, until the reader scrolls', () => {
		const { scroller, recenter, follow } = setUp();
		follow.hold();
		follow.scrolled(true);
		expect(follow.atBottom).toBe(false);
		follow.resized();
		expect(recenter).toHaveBeenCalledOnce();
		expect(scroller.scrollTop).toBe(0);
		follow.input();
		follow.scrolled(false);
		expect(follow.holding).toBe(false);
		follow.resized();
		expect(recenter).toHaveBeenCalledOnce();
	});

	it('"Jump to latest" goes to the end and follows again', () => {
		const { scroller, follow } = setUp();
		follow.hold();
		follow.jump();
		expect(follow.atBottom).toBe(true);
		expect(follow.holding).toBe(false);
		expect(scroller.scrollTop).toBe(1_000);
	});

	it('stays put while a dialog opened from a message is open', () => {
		const { scroller, follow } = setUp(true);
		follow.resized();
		follow.jump();
		expect(scroller.scrollTop).toBe(0);
	});
});
