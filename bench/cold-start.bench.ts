/**
 * Cold start (bench/README-cold-start.md): the installed app, served by its service worker with
 * the gateway down, opens its default channel in a 100,000-message store. Target: navigation
 * start → the channel's newest message painted ≤ 250 ms median unthrottled (by the last screen's
 * copy or the app; the app's own paint is reported beside it). Measures only.
 *
 * Run alone: `npm run build:bench && npx playwright test --config bench/playwright.config.ts
 * bench/cold-start.bench.ts` (`BENCH_REPS`, `BENCH_CPU`, `BENCH_DETAIL`, `BENCH_TRACE=<path prefix>`);
 * writes bench/results-cold-start.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pairViaLink, test } from '../tests/e2e/fixtures';
import { waitForController } from '../tests/e2e/pwa-support';
import { coldStart, phases, type ColdPhases, type ColdRun } from './cold-start';
import { formatMachine, machineInfo } from './machine';
import { median, openApp, percentile, repetitions, seedStore } from './support';
import { rateLabel, throttleRates } from './throttle';

const RESULTS = fileURLToPath(new URL('./results-cold-start.json', import.meta.url));
/** The channel opened at start (made the default): 90,000 of the store's 100,000 messages. */
const OPEN = { chat_id: 'm90k', name: 'Bench 90k', count: 90_000 };
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

test('cold start', async ({ browser, gateway }) => {
	const log = (line: string) => console.log(`[bench] ${line}`);
	const machineBefore = machineInfo();
	log(`cold start on ${formatMachine(machineBefore)}`);
	const context = await browser.newContext();
	const page = await context.newPage();
	await pairViaLink(page, gateway);
	// Installed: the service worker controls the page, so its install (the precache) is done.
	await waitForController(page);
	log('seeding 100,000 messages…');
	await seedStore(page, [{ chat_id: 'bench10k', name: 'Bench 10k', count: 10_000 }, OPEN]);
	await page.close();
	// The steady state a user lives in: the search index built once (as bench/store.ts waits).
	const app = await openApp(context, gateway.httpUrl);
	await app.getByRole('button', { name: 'Search', exact: true }).click();
	await app.getByRole('dialog').waitFor();
	await app.getByText('Indexing messages').waitFor({ state: 'detached', timeout: 15 * 60_000 });
	await waitForController(app);
	// Gateway down: nothing listens on its port any more (every socket is refused at once).
	await gateway.kill();
	// The channel opened at start is the default one (`/` opens it), as if the gateway had named
	// it: the gateway's own default channel holds a handful of messages. The store is written
	// directly, so the page is not told: the device's copy that `/` reads before the store
	// (platform/home-chat.ts, which the running app keeps equal to the store) is set with it.
	await app.evaluate(async (chat_id) => {
		localStorage.setItem('iris.home-chat', chat_id);
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const open = indexedDB.open('iris');
			open.onsuccess = () => resolve(open.result);
			open.onerror = () => reject(open.error);
		});
		await new Promise<void>((resolve, reject) => {
			const tx = db.transaction('meta', 'readwrite');
			tx.objectStore('meta').put({ key: 'default_chat_id', value: chat_id });
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
		});
		db.close();
	}, OPEN.chat_id);
	await app.close();

	const reps = repetitions();
	const newest = `seed-${OPEN.chat_id}-${OPEN.count - 1}`;
	const results: Record<string, { runs: ColdRun[]; medians: Record<string, number> }> = {};
	for (const rate of throttleRates()) {
		// One start first, not counted: the first navigation after the gateway died warms the
		// service worker's start-up and the disk cache of its precache.
		await coldStart(context, gateway.httpUrl, newest, rate);
		const runs: ColdRun[] = [];
		for (let rep = 0; rep < reps; rep++) {
			const trace = process.env.BENCH_TRACE
				? `${process.env.BENCH_TRACE}-${rateLabel(rate)}-${rep + 1}.json`
				: undefined;
			const run = await coldStart(context, gateway.httpUrl, newest, rate, trace);
			runs.push(run);
			const p = phases(run);
			log(
				`${rateLabel(rate)} rep ${rep + 1}: painted ${fixed(run.paintMs)} ms (last-screen copy ${fixed(run.snapshotPaintMs)}, app ${fixed(run.livePaintMs)}; init ${fixed(run.initMs)}, idb open ${fixed(run.idbOpenStartMs)}→${fixed(run.idbOpenEndMs)}, config ${fixed(run.configMs)}, query ${fixed(run.queryStartMs)}→${fixed(run.queryEndMs)}, in DOM ${fixed(run.inDomMs)}; render ${fixed(p.render)}; ${run.scripts} scripts)`
			);
			if (process.env.BENCH_DETAIL)
				log(`  marks ${JSON.stringify(run.marks)} long tasks ${JSON.stringify(run.longTasks)}`);
		}
		const of = (f: (r: ColdRun) => number) => median(runs.map(f));
		const ph = (key: keyof ColdPhases) => of((r) => phases(r)[key]);
		const medians = {
			paintMs: of((r) => r.paintMs),
			paintP95: percentile(
				runs.map((r) => r.paintMs),
				95
			),
			livePaintMs: of((r) => r.livePaintMs),
			livePaintP95: percentile(
				runs.map((r) => r.livePaintMs),
				95
			),
			snapshotShown: runs.filter((r) => Number.isFinite(r.snapshotPaintMs)).length,
			htmlMs: of((r) => r.htmlMs),
			scriptsLoadedMs: of((r) => r.scriptsLoadedMs),
			initMs: of((r) => r.initMs),
			idbOpenStartMs: of((r) => r.idbOpenStartMs),
			idbOpenEndMs: of((r) => r.idbOpenEndMs),
			configMs: of((r) => r.configMs),
			queryStartMs: of((r) => r.queryStartMs),
			queryEndMs: of((r) => r.queryEndMs),
			scripts: of((r) => r.scripts),
			scriptKiB: of((r) => r.scriptBytes) / 1024,
			scriptEval: ph('scriptEval'),
			idbOpen: ph('idbOpen'),
			startup: ph('startup'),
			firstQuery: ph('firstQuery'),
			render: ph('render')
		};
		results[rateLabel(rate)] = { runs, medians };
		const target = rate === 1 ? ' [≤ 250 median]' : '';
		log(
			`cold start ${rateLabel(rate)}: median ${fixed(medians.paintMs)} ms${target}, p95 ${fixed(medians.paintP95)} ms (${reps} starts, ${medians.snapshotShown} with the last screen's copy)`
		);
		log(
			`  the app's own paint of it: median ${fixed(medians.livePaintMs)} ms, p95 ${fixed(medians.livePaintP95)} ms`
		);
		log(
			`  breakdown (medians): script eval (nav → init) ${fixed(medians.scriptEval)} ms [html ${fixed(medians.htmlMs)}, last entry script ${fixed(medians.scriptsLoadedMs)}], IndexedDB open ${fixed(medians.idbOpen)} ms (at ${fixed(medians.idbOpenStartMs)}), init → first query ${fixed(medians.startup)} ms (config at ${fixed(medians.configMs)}), first query ${fixed(medians.firstQuery)} ms, render to paint ${fixed(medians.render)} ms; ${medians.scripts} scripts, ${fixed(medians.scriptKiB, 0)} KiB`
		);
	}
	await context.close();
	writeFileSync(
		RESULTS,
		JSON.stringify(
			{
				date: new Date().toISOString(),
				repetitions: reps,
				machine: { before: machineBefore, after: machineInfo() },
				results
			},
			null,
			'\t'
		) + '\n'
	);
	log(`written ${RESULTS}`);
});
