/**
 * Bring the open channel's row into view in the lists that scroll it (the sidebar's list, and
 * inside it the virtualized list's scroller): a new channel, a link from elsewhere or a long list
 * must not leave the open channel below the fold. Only those lists scroll, never the page.
 */

/** The nearest ancestor of `el` that scrolls vertically and has something to scroll, or null. */
function scrollingAncestor(el: HTMLElement): HTMLElement | null {
	for (let box = el.parentElement; box; box = box.parentElement) {
		if (box.scrollHeight <= box.clientHeight) continue;
		const { overflowY } = getComputedStyle(box);
		if (overflowY === 'auto' || overflowY === 'scroll') return box;
	}
	return null;
}

/**
 * Scroll each list around `el`, innermost first, by the least amount that shows all of `el`
 * (nothing when it is in view, or not laid out: a closed drawer shows it when it opens,
 * ChannelDrawer.svelte).
 */
export function revealInList(el: HTMLElement | null | undefined): void {
	if (!el || el.getBoundingClientRect().height === 0) return;
	for (let list = scrollingAncestor(el); list; list = scrollingAncestor(list)) {
		const row = el.getBoundingClientRect();
		const view = list.getBoundingClientRect();
		if (row.top < view.top) list.scrollTop -= view.top - row.top;
		else if (row.bottom > view.bottom) list.scrollTop += row.bottom - view.bottom;
	}
}
