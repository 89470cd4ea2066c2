/**
 * `npm run bench:search` — scenario Q, local search (bench/README-search.md): 100,000
 * mixed-language messages ingested through the app's `applyFrames` with and without the search
 * index, then query latency (page → worker round trip, p50/p95) for a rare word, a common word,
 * their AND and a prefix, the longest main-thread task while querying, and the `filter()` full scan
 * over the same store as the baseline, all in one run of the system Chromium. Measures only; never
 * fails on a figure. `BENCH_Q_COUNT` (messages, default 100000), `BENCH_REPS` (ingest repetitions,
 * default 3), `BENCH_Q_RUNS` (runs per query, default 40).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bundleHarness, openHarness, serveHarness } from '../harness';
import { median, percentile } from '../support';
import { COMMON, PREFIX, RARE } from './corpus';

const here = fileURLToPath(new URL('.', import.meta.url));
const COUNT = Number(process.env.BENCH_Q_COUNT ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const RUNS = Number(process.env.BENCH_Q_RUNS ?? 40);
const log = (line: string) => console.log(`[bench:search] ${line}`);

const QUERIES = {
	rare: { query: `${RARE} `, words: [RARE] },
	common: { query: `${COMMON} `, words: [COMMON] },
	and: { query: `${RARE} ${COMMON} `, words: [RARE, COMMON] },
	prefix: { query: PREFIX, words: [PREFIX] }
} as const;

async function main(): Promise<void> {
	log('bundling…');
	await bundleHarness(here);
	const server = await serveHarness(here);
	const { browser, page } = await openHarness(server.url, log);
	try {
		type Bench = {
			call: <T>(cmd: string, args?: Record<string, unknown>) => Promise<T>;
			timeSearch: (
				q: string,
				runs: number
			) => Promise<{ times: number[]; hits: number; total: number }>;
			resetLongest: () => void;
			longest: () => number;
		};
		const call = <T>(cmd: string, args: Record<string, unknown> = {}) =>
			page.evaluate(
				({ cmd, args }) => (globalThis as unknown as { bench: Bench }).bench.call<T>(cmd, args),
				{ cmd, args }
			);

		// Ingest, alternating which goes first; the last run (with the index) stays for the queries.
		const plain: number[] = [];
		const indexed: number[] = [];
		for (let rep = 0; rep < REPS; rep++) {
			const order = rep % 2 ? [true, false] : [false, true];
			if (rep === REPS - 1) order.sort((a) => (a ? 1 : -1));
			for (const withIndex of order) {
				const { ms } = await call<{ ms: number }>('ingest', {
					count: COUNT,
					withIndex,
					name: `bench-q-${withIndex ? 'index' : 'plain'}`
				});
				(withIndex ? indexed : plain).push(ms);
				log(`ingest rep ${rep + 1} ${withIndex ? 'with index' : 'plain'}: ${ms.toFixed(0)} ms`);
			}
		}
		const stats = await call<{ segments: number; messages: number }>('stats');
		log(`store: ${stats.messages} messages, ${stats.segments} index segments`);

		// Every index query first, then every baseline: the scans' garbage (100k rows read) must not
		// land in the index's timings as GC pauses.
		const timed: Record<string, { times: number[]; hits: number; total: number; blocked: number }> =
			{};
		let longest = 0;
		for (const [name, q] of Object.entries(QUERIES)) {
			await page.evaluate(() => (globalThis as unknown as { bench: Bench }).bench.resetLongest());
			const r = await page.evaluate(
				({ query, runs }) =>
					(globalThis as unknown as { bench: Bench }).bench.timeSearch(query, runs),
				{ query: q.query, runs: RUNS }
			);
			const blocked = await page.evaluate(() =>
				(globalThis as unknown as { bench: Bench }).bench.longest()
			);
			longest = Math.max(longest, blocked);
			timed[name] = { ...r, blocked };
		}
		const results: Record<string, unknown> = {};
		for (const [name, q] of Object.entries(QUERIES)) {
			const r = timed[name]!;
			const scans: number[] = [];
			let scanHits = 0;
			for (let i = 0; i < 3; i++) {
				const s = await call<{ ms: number; hits: number }>('scan', { q: { words: q.words } });
				scans.push(s.ms);
				scanHits = s.hits;
			}
			const mem: number[] = [];
			for (let i = 0; i < 5; i++) {
				mem.push((await call<{ ms: number }>('scanMemory', { q: { words: q.words } })).ms);
			}
			const p50 = percentile(r.times, 50);
			const p95 = percentile(r.times, 95);
			const scan = median(scans);
			results[name] = {
				p50,
				p95,
				hits: r.hits,
				total: r.total,
				scan,
				scanHits,
				memoryScan: median(mem),
				longestTask: r.blocked,
				times: r.times
			};
			log(
				`Q ${name.padEnd(6)} "${q.query.trim()}": p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
					`[≤ 30] (${r.total} matches) · filter() scan ${scan.toFixed(0)} ms (${scanHits}) → ` +
					`${(scan / p50).toFixed(0)}× at p50, ${(scan / p95).toFixed(0)}× at p95 [≥ 100] · ` +
					`in-memory Array.filter ${median(mem).toFixed(1)} ms · longest main-thread task ${r.blocked.toFixed(0)} ms`
			);
		}
		const ingestRatio = median(indexed) / median(plain);
		log(
			`ingest ${COUNT} messages: plain ${median(plain).toFixed(0)} ms, with index ${median(indexed).toFixed(0)} ms → ` +
				`${ingestRatio.toFixed(2)}× [≤ 1.5]; ${(COUNT / (median(indexed) / 1000)).toFixed(0)} msg/s with index`
		);
		log(
			`longest main-thread task while querying: ${longest.toFixed(0)} ms [≤ 50; 0 = none over 50]`
		);
		await writeFile(
			`${here}results.json`,
			JSON.stringify(
				{
					count: COUNT,
					reps: REPS,
					runs: RUNS,
					plain,
					indexed,
					ingestRatio,
					stats,
					results,
					longest
				},
				null,
				'\t'
			)
		);
	} finally {
		await browser.close();
		server.close();
	}
}

await main();
