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

/** A scroll to 500 px above the end of 1,000 px of content (500 px in view). */
const away = (follow: EndFollower) => follow.scrolled(0, 500, 1_000);
/** A scroll to the very end. */
const atEnd = (follow: EndFollower) => follow.scrolled(500, 500, 1_000);

describe('EndFollower', () => {
	it('follows the end while the reader is there: a layout scroll away from it scrolls back', () => {
		const { scroller, follow } = setUp();
		away(follow);
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
			away(follow);
			expect(follow.atBottom).toBe(false);
			follow.resized();
			expect(scroller.scrollTop).toBe(0);
		}
	});

	it('the reader moving up a few px (a finger drag) stops following, even near the end', () => {
		const { scroller, follow } = setUp();
		atEnd(follow);
		follow.input();
		follow.scrolled(490, 500, 1_000);
		expect(follow.atBottom).toBe(false);
		follow.resized();
		expect(scroller.scrollTop).toBe(0);
		// Back down near the end: following again.
		follow.input();
		follow.scrolled(495, 500, 1_000);
		expect(follow.atBottom).toBe(true);
	});

	it('while a finger is on the log, new content does not pull the view back to the end', () => {
		const { scroller, follow } = setUp();
		atEnd(follow);
		follow.touch(true);
		// The drag's first steps and a streamed render in one frame: the render does not undo them.
		scroller.scrollTop = 488;
		follow.resized();
		expect(scroller.scrollTop).toBe(488);
		follow.scrolled(488, 500, 1_000);
		expect(follow.atBottom).toBe(false);
		// Let go at the end: following again.
		atEnd(follow);
		follow.touch(false);
		expect(follow.atBottom).toBe(true);
		scroller.scrollTop = 0;
		follow.resized();
		expect(scroller.scrollTop).toBe(1_000);
	});

	it('a layout scroll (the view moved by what grew above it) keeps following; so does the end', () => {
		const { scroller, follow } = setUp();
		atEnd(follow);
		// Rows above measured 200 px taller than estimated, and 100 px more below the view.
		follow.scrolled(700, 500, 1_300);
		expect(follow.atBottom).toBe(true);
		expect(scroller.scrollTop).toBe(1_000);
		// Content shrank under a pressed pointer: clamped to the new end, still at the bottom.
		follow.pointer(true);
		follow.scrolled(450, 500, 950);
		expect(follow.atBottom).toBe(true);
	});

	it("a scroll without input that layout did not cause (find in page, scrollIntoView) is the reader's", () => {
		const { scroller, follow } = setUp();
		atEnd(follow);
		// Nothing resized and the scroll size is the same: a person or their tools moved the view.
		follow.scrolled(100, 500, 1_000);
		expect(follow.atBottom).toBe(false);
		expect(scroller.scrollTop).toBe(0);
		// Content growing afterwards does not pull the view back either.
		follow.resized();
		expect(scroller.scrollTop).toBe(0);
	});

	it("a scroll the list makes itself (to the end, to a search hit) is not the reader's", () => {
		const { follow } = setUp();
		atEnd(follow);
		follow.hold();
		follow.scrolled(200, 500, 1_000);
		expect(follow.holding).toBe(true);
		follow.jump();
		follow.ownScroll();
		follow.scrolled(100, 500, 1_000);
		expect(follow.atBottom).toBe(true);
	});

	it('typing in an editable field is not reader input', () => {
		const { follow } = setUp();
		follow.keydown(key('ArrowUp', true));
		follow.keydown(key('a', false));
		away(follow);
		expect(follow.atBottom).toBe(true);
	});

	it('a key the log took itself (End: back to the end) is not reader input; a key on a message is', () => {
		const { scroller, follow } = setUp();
		const taken = {
			key: 'End',
			target: scroller,
			defaultPrevented: true
		} as unknown as KeyboardEvent;
		follow.keydown(taken);
		away(follow);
		expect(follow.atBottom).toBe(true);
		follow.keydown({ ...key('End', false), defaultPrevented: true } as KeyboardEvent);
		away(follow);
		expect(follow.atBottom).toBe(false);
	});

	it('input long before the scroll does not count as the reader', () => {
		const now = vi.spyOn(performance, 'now');
		now.mockReturnValue(10_000);
		const { follow } = setUp();
		follow.input();
		now.mockReturnValue(10_000 + USER_SCROLL_MS + 1);
		away(follow);
		expect(follow.atBottom).toBe(true);
		now.mockRestore();
	});

	it('reaching the end again (any scroll) follows again', () => {
		const { follow } = setUp();
		follow.input();
		away(follow);
		expect(follow.atBottom).toBe(false);
		atEnd(follow);
		expect(follow.atBottom).toBe(true);
	});

	it('a search jump holds its message through layout, until the reader scrolls', () => {
		const { scroller, recenter, follow } = setUp();
		follow.hold();
		atEnd(follow);
		expect(follow.atBottom).toBe(false);
		follow.resized();
		expect(recenter).toHaveBeenCalledOnce();
		expect(scroller.scrollTop).toBe(0);
		follow.input();
		away(follow);
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

	it('a scroll while a dialog from a message is open (its focus moving in) keeps following', () => {
		const { follow } = setUp(true);
		atEnd(follow);
		// Same scroll size, the distance from the end changed, no input: outside a dialog this
		// would be the reader's scroll.
		follow.scrolled(100, 500, 1_000);
		expect(follow.atBottom).toBe(true);
	});

	it('a scroll the log’s own growth caused, before the list heard of the new height, is not the reader’s', () => {
		// 1,000 px of content in a log of 300 px at the end; a sheet under it closes: the log is
		// 600 px, the browser moves the offset from 700 to 400 (still the end), and the list still
		// says 300 px in view.
		const { scroller, follow } = setUp();
		follow.scrolled(700, 300, 1_000);
		Object.assign(scroller, { clientHeight: 600 });
		follow.scrolled(400, 300, 1_000);
		expect(follow.atBottom).toBe(true);
		// The same scroll with the log really 300 px high is the reader's, going up.
		const other = setUp();
		other.follow.scrolled(700, 300, 1_000);
		Object.assign(other.scroller, { clientHeight: 300 });
		other.follow.scrolled(400, 300, 1_000);
		expect(other.follow.atBottom).toBe(false);
	});
});
