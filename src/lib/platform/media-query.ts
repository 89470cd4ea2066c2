/**
 * One `MediaQueryList` per media query for the page's lifetime: each `matchMedia(query)` call
 * makes a new list for the document to evaluate, so asking through here reads `.matches` from
 * the one list instead. (The media-query objects a long session gains are Chromium's own, not
 * these: bench/README.md "Long-session memory".)
 */

const lists = new Map<string, MediaQueryList>();

/**
 * The page's `MediaQueryList` of `query` (e.g. `'(pointer: fine)'`), made on first use; undefined
 * where `matchMedia` does not exist (Node in unit tests, a worker).
 */
export function mediaQuery(query: string): MediaQueryList | undefined {
	if (typeof globalThis.matchMedia !== 'function') return undefined;
	let list = lists.get(query);
	if (!list) {
		list = globalThis.matchMedia(query);
		lists.set(query, list);
	}
	return list;
}

/** Whether `query` matches now; false where `matchMedia` does not exist. */
export function mediaMatches(query: string): boolean {
	return mediaQuery(query)?.matches ?? false;
}
