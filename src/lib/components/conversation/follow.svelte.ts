/**
 * Following the end of the message log (doc/architecture.md "Long conversations and bundle"):
 * new rows and a growing (streaming) bubble keep the view at the end only while the reader is
 * there; only the reader leaves it, by scrolling up (with input, or any scroll that layout did not
 * cause: find in page, assistive technology, `scrollIntoView`); a search jump holds the view on
 * its message until the reader scrolls. The list calls `scrolled` and `resized`; the view reads `atBottom`
 * ("Jump to latest").
 */

/** Within this many px of the end counts as "at the bottom". */
export const BOTTOM_SLACK_PX = 48;
/** A scroll this soon (ms) after input counts as the reader's. */
export const USER_SCROLL_MS = 400;
/** Keys that scroll the log; typing (in the composer or anywhere editable) does not. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

export class EndFollower {
	/** Follow new content only while the reader is at the bottom. */
	atBottom = $state(true);
	/**
	 * A search jump holds the view on its message until the reader scrolls: rows measured after
	 * the jump change the list's height, and must neither count as "reached the end" nor pull the
	 * view back to it.
	 */
	holding = false;
	#inputAt = -Infinity;
	#pointerDown = false;
	/** A finger is on the log (between `touchstart` and `touchend`). */
	#touching = false;
	/** The scroll offset (px) at the last `scrolled`. */
	#offset = 0;
	/** The distance (px) from the end at the last `scrolled`; null before the first. */
	#fromEnd: number | null = null;
	/** The scroll size (px) at the last `scrolled`. */
	#scrollSize = 0;
	/** The list scrolled the log itself since the last `scrolled`: that scroll is not the reader's. */
	#ownScroll = false;
	readonly #scroller: () => HTMLElement | undefined;
	readonly #recenter: () => void;

	/**
	 * @param scroller the log's scrolling element (absent before it mounts).
	 * @param recenter scrolls the held (jumped-to) message back to the middle.
	 */
	constructor(scroller: () => HTMLElement | undefined, recenter: () => void) {
		this.#scroller = scroller;
		this.#recenter = recenter;
	}

	/** Input that scrolls the log came (wheel, touch): the next scroll is the reader's. */
	readonly input = (): void => {
		this.#inputAt = performance.now();
	};

	/**
	 * A finger touched the log (`true`) or left it. While it is on it, new content does not pull
	 * the view to the end: on a busy phone a streamed render can land in the same frame as each
	 * few-px step of a drag and undo it before its scroll is seen as the reader's.
	 */
	readonly touch = (down: boolean): void => {
		this.#touching = down;
		this.input();
	};

	/** The log's own listeners of the reader's input (spread on its scrolling element). */
	readonly listeners = {
		onwheel: this.input,
		ontouchstart: () => this.touch(true),
		ontouchmove: this.input,
		ontouchend: () => this.touch(false),
		ontouchcancel: () => this.touch(false),
		onpointerdown: () => this.pointer(true)
	};

	/** A pointer went down on the log (maybe on its scrollbar) or was released anywhere. */
	readonly pointer = (down: boolean): void => {
		this.#pointerDown = down;
	};

	/**
	 * A key pressed anywhere in the window: scrolling keys outside editable fields are input. A key
	 * the log itself took (End: `jump`, message-keys.ts) is not: what it scrolls is the list's own.
	 */
	readonly keydown = (event: KeyboardEvent): void => {
		if (event.defaultPrevented && event.target === this.#scroller()) return;
		const target = event.target as HTMLElement | null;
		const editable = target?.closest('input, textarea, select, [contenteditable="true"]');
		if (!editable && SCROLL_KEYS.has(event.key)) this.input();
	};

	/**
	 * Scroll to the end. While a dialog opened from a message (an image viewer) is open, the list
	 * stays put: following new content would scroll that message out of the rendered range, and
	 * unmounting its row would close the dialog (following resumes on its `close`).
	 */
	toBottom(): void {
		const scroller = this.#scroller();
		if (!scroller || this.#dialogOpen()) return;
		// Flag only a scroll that will happen: one that does not would leave the flag on the
		// reader's next scroll.
		if (scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop > 1) this.ownScroll();
		// A plain scroll, not virtua's scrollToIndex: that one keeps re-aligning to the end while
		// rows resize, which would pull back a reader who has just scrolled up.
		scroller.scrollTop = scroller.scrollHeight;
	}

	/** Whether a dialog opened from a message is open inside the log. */
	#dialogOpen(): boolean {
		return this.#scroller()?.querySelector('dialog[open]') != null;
	}

	/** The list is about to scroll the log itself (to the end, to a message): not the reader. */
	ownScroll(): void {
		this.#ownScroll = true;
	}

	/** New content or a closed dialog: back to the end if the reader is there (and not touching it). */
	stayAtEnd(): void {
		if (this.atBottom && !this.#touching) this.toBottom();
	}

	/**
	 * The log scrolled to `offset` px of `scrollSize`, with `viewportSize` px in view. A scroll is
	 * the reader's if input (wheel, touch, keys, a pointer on the scrollbar) came just before it,
	 * or if it changed the distance from the end with nothing laid out: layout's scrolls come
	 * with a new scroll size or keep that distance (virtua moving the view by what rows measured
	 * above it grew, an older page prepended) and the list's own are flagged (`ownScroll`), so
	 * what is left is a person or their tools (find in page, assistive technology, a script's
	 * `scrollIntoView` or `scrollBy`). While following, every change of size scrolls (to the end,
	 * or virtua's compensation), so the size compared with is current. Scrolls from layout keep
	 * following. Within
	 * `BOTTOM_SLACK_PX` of the end counts as at the end, except when the reader moves up: a finger
	 * drags a few px per event, and each step would otherwise be pulled back to the end by the
	 * next streamed render.
	 */
	scrolled(offset: number, viewportSize: number, scrollSize: number): void {
		const up = offset < this.#offset;
		let fromEnd = scrollSize - (offset + viewportSize);
		// The list learns the log's new height from a ResizeObserver that can come after the
		// scroll the resize caused (a question's sheet closing under the log grows it, and the
		// browser moves the offset up): with the old height that scroll reads as the reader's,
		// going up ("Jump to latest" for a frame). The page's height is read only away from the
		// end, where it matters, not on every scroll of following a stream.
		const viewport = fromEnd > 1 ? this.#scroller()?.clientHeight : undefined;
		if (viewport !== undefined) fromEnd = scrollSize - (offset + viewport);
		const byLayout =
			this.#ownScroll ||
			this.#fromEnd === null ||
			scrollSize !== this.#scrollSize ||
			Math.abs(fromEnd - this.#fromEnd) <= 1;
		this.#offset = offset;
		this.#fromEnd = fromEnd;
		this.#scrollSize = scrollSize;
		this.#ownScroll = false;
		// A dialog opened from a message (an image viewer) is modal: the reader cannot scroll the
		// log, so what scrolls it meanwhile (the focus moving into the dialog) is not a reason to
		// stop following; that resumes on the dialog's `close`.
		if (this.#dialogOpen()) return;
		const byReader =
			this.#pointerDown ||
			this.#touching ||
			performance.now() - this.#inputAt < USER_SCROLL_MS ||
			!byLayout;
		if (byReader) this.holding = false;
		if (this.holding) return;
		if (fromEnd <= 1) this.atBottom = true;
		else if (byReader && up) this.atBottom = false;
		else if (fromEnd <= BOTTOM_SLACK_PX) this.atBottom = true;
		else if (byReader) this.atBottom = false;
		else this.stayAtEnd();
	}

	/** Rows were added or resized, or the view changed size: keep the held message or the end. */
	resized(): void {
		if (this.holding) this.#recenter();
		else this.stayAtEnd();
	}

	/** A search jump scrolled to a message: hold it until the reader scrolls. */
	hold(): void {
		this.ownScroll();
		this.holding = true;
		this.atBottom = false;
	}

	/** "Jump to latest": back to the end, following again. */
	jump(): void {
		this.holding = false;
		this.atBottom = true;
		this.toBottom();
	}
}
