/**
 * Bench scenario Q, page side: drives the worker and times queries as the app's page would see
 * them (a round trip to the worker), while a `longtask` observer watches the main thread.
 */
import { workerCall } from '../worker-call';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const call = workerCall(worker);

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
