/**
 * The markdown renderers (`marked` + DOMPurify, ~25 kB gzip) as a chunk of their own, loaded on
 * demand, so the chat screen's first render does not wait for them (bench/README.md "B"). The
 * first `loadMarkdown()` starts the download; until it resolves, callers show the plain text.
 */

/** What the chunk provides. */
export type MarkdownModule = typeof import('./renderers');

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;
let load: () => Promise<MarkdownModule> = () => import('./renderers');

/**
 * Load the renderers with `loader` instead (a benchmark build's baselines and counters). Call at
 * start-up, before the first `loadMarkdown()`.
 */
export function replaceRenderers(loader: () => Promise<MarkdownModule>): void {
	load = loader;
}

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
	loading ??= load().then((m) => (loaded = m));
	return loading;
}
