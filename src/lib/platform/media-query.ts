/**
 * One `MediaQueryList` per media query for the page's lifetime. Each `matchMedia(query)` call
 * makes a new list, and the document keeps the evaluation of every list it was asked for, so a
 * query asked on each click or answer grew the heap of a long session (bench/README.md
 * "Long-session memory"). Asking through here reads `.matches` from the one list instead.
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
