/**
 * Start-up marks for the cold-start bench (bench/cold-start.bench.ts, bench/README.md "Cold
 * start"): `performance.mark('iris:<name>')` in a benchmark build (`IRIS_BENCH=1`) only. In every
 * other build `__IRIS_BENCH__` is the literal `false`, so each call is an empty function.
 *
 * The marks the bench reads, in start-up order: `init` (SvelteKit's `init` hook: the entry
 * modules are evaluated), `idb-open-start` / `idb-open-end` (the store's IndexedDB open),
 * `config` (the pairing is known: the chat shell renders), `query-start` / `query-end` (the open
 * channel's first page read from the store).
 */

/** Names marked so far: only the first of each is a start-up mark. */
const marked = new Set<string>();

/**
 * Mark `iris:<name>` now, the first time only (benchmark builds only): later calls (every channel
 * opened, every query) would pile up marks in a long session (the long-session bench counts them).
 */
export function benchMark(name: string): void {
	if (!__IRIS_BENCH__ || marked.has(name)) return;
	marked.add(name);
	performance.mark(`iris:${name}`);
}

/** Mark `iris:<name>-start` now and `iris:<name>-end` when `work` settles; returns `work`. */
export function benchSpan<T>(name: string, work: Promise<T>): Promise<T> {
	if (!__IRIS_BENCH__) return work;
	benchMark(`${name}-start`);
	void work.finally(() => benchMark(`${name}-end`)).catch(() => {});
	return work;
}
