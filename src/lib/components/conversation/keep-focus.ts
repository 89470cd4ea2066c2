/**
 * Keyboard focus in a virtualized log: virtua unmounts rows scrolled out of its rendered range,
 * and a focused link or button in such a row (after Home, End, Page Up or Down) takes the focus
 * with it to `<body>`, where the keys no longer scroll the log. The log itself then gets it.
 */

/**
 * Watch `scroller` (the focusable log) and `rows` (the element whose children are the rendered
 * rows): when the focus was inside and its row went away, focus the log. Returns the cleanup.
 */
export function keepFocusInLog(scroller: HTMLElement, rows: Element): () => void {
	let inside = false;
	/** Lost the focus to nothing: removed with its row, or the window lost the focus. */
	let dropped: Element | null = null;
	const focusin = () => {
		inside = true;
		dropped = null;
	};
	const focusout = (event: FocusEvent) => {
		const to = event.relatedTarget as Node | null;
		inside = to !== null && scroller.contains(to);
		dropped = to === null ? (event.target as Element) : null;
	};
	const rescue = () => {
		const active = document.activeElement;
		const removed = inside || (dropped !== null && !dropped.isConnected);
		if (removed && (active === null || active === document.body)) {
			scroller.focus({ preventScroll: true });
		}
	};
	scroller.addEventListener('focusin', focusin);
	scroller.addEventListener('focusout', focusout);
	const observer = new MutationObserver(rescue);
	observer.observe(rows, { childList: true });
	return () => {
		observer.disconnect();
		scroller.removeEventListener('focusin', focusin);
		scroller.removeEventListener('focusout', focusout);
	};
}
