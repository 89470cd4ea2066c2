/**
 * Bench scenario Q, page side: drives the worker and times queries as the app's page would see
 * them (a round trip to the worker), while a `longtask` observer watches the main thread.
 */
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let seq = 0;
const pending = new Map<number, (v: { ok: boolean; result?: unknown; error?: string }) => void>();
worker.addEventListener('message', (e: MessageEvent) => {
	const d = e.data as { id: number; ok: boolean };
	pending.get(d.id)?.(e.data);
	pending.delete(d.id);
});

/** Send a command to the worker; resolves with its result (rejects with its error). */
async function call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
	const id = ++seq;
	const answer = await new Promise<{ ok: boolean; result?: unknown; error?: string }>((resolve) => {
		pending.set(id, resolve);
		worker.postMessage({ cmd, id, ...args });
	});
	if (!answer.ok) throw new Error(answer.error);
	return answer.result as T;
}

/** Longest main-thread task seen (ms; 0 when none passed the 50 ms `longtask` threshold). */
let longest = 0;
new PerformanceObserver((list) => {
	for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
}).observe({ type: 'longtask', buffered: false });

/** Time `runs` searches of `query` from the page, ms each, and the hit count. */
async function timeSearch(query: string, runs: number) {
	const times: number[] = [];
	let hits = 0;
	let total = 0;
	for (let i = 0; i < runs; i++) {
		const t0 = performance.now();
		const r = await call<{ hits: number; total: number }>('search', { query });
		times.push(performance.now() - t0);
		hits = r.hits;
		total = r.total;
	}
	return { times, hits, total };
}

(globalThis as unknown as { bench: unknown }).bench = {
	call,
	timeSearch,
	resetLongest: () => (longest = 0),
	longest: () => longest
};
