/**
 * The markdown renderers (`marked` + DOMPurify, ~25 kB gzip) as a chunk of their own, loaded on
 * demand, so the chat screen's first render does not wait for them (issue 7 "Bundle"). The first
 * `loadMarkdown()` starts the download; until it resolves, callers show the plain text.
 */

/** What the chunk provides. */
export type MarkdownModule = typeof import('./renderers');

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

/** The renderers if already loaded, else undefined (never waits). */
export function loadedMarkdown(): MarkdownModule | undefined {
	return loaded;
}

/**
 * Load the renderers (once; later calls share the promise).
 *
 * @throws (rejects) when the chunk cannot be fetched, e.g. offline without a cached app.
 */
export function loadMarkdown(): Promise<MarkdownModule> {
	loading ??= import('./renderers').then((m) => (loaded = m));
	return loading;
}
