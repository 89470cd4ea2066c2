/**
 * The search-jump highlight on the rendered rows of a virtualized log: rows remount while the
 * reader scrolls, so the mark is put back on whichever article is the highlighted message.
 */

/**
 * Mark the article of message `highlighted` under `container` (`data-highlighted`, focusable by
 * script) and unmark any other; returns that article, or null if it is not rendered (or none is
 * highlighted).
 */
export function markHighlighted(
	container: Element,
	highlighted: string | null
): HTMLElement | null {
	for (const old of container.querySelectorAll<HTMLElement>('article[data-highlighted]')) {
		if (old.dataset.messageId !== highlighted) old.removeAttribute('data-highlighted');
	}
	if (!highlighted) return null;
	const article = container.querySelector<HTMLElement>(
		`article[data-message-id="${CSS.escape(highlighted)}"]`
	);
	if (!article) return null;
	article.setAttribute('data-highlighted', 'true');
	article.tabIndex = -1;
	return article;
}
