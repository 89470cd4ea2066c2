/**
 * Cold start (bench/README-cold-start.md): the installed app served by its service worker, the
 * gateway down, a 100,000-message store. One navigation in a fresh page, timed in the page from
 * navigation start (`performance.timeOrigin`) to the first paint that shows the open channel's
 * newest message: in the last screen's copy (static/screen-snapshot.js, revealed with that message
 * as its newest) or in the app's own DOM, whichever comes first; the app's own paint is kept too.
 * With the start-up marks of the benchmark build (src/lib/platform/bench-marks.ts).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { throttle } from './throttle';
import { TRACE_CATEGORIES } from './trace';

/** One cold start, ms from navigation start (`performance.timeOrigin`). */
export interface ColdRun {
	/**
	 * The newest message first painted: the figure of the scenario. The earlier of
	 * `snapshotPaintMs` (the last screen's copy showing it) and `livePaintMs`.
	 */
	paintMs: number;
	/** The first paint after the app put the newest message in the DOM. */
	livePaintMs: number;
	/**
	 * The first paint after the last screen's copy (static/screen-snapshot.js) was revealed
	 * showing the newest message; NaN when no copy was shown.
	 */
	snapshotPaintMs: number;
	/** The app put the newest message in the DOM. */
	inDomMs: number;
	/** The document's response ended (served by the service worker). */
	htmlMs: number;
	/** The last JavaScript file loaded before the app's `init` ended (resource timing). */
	scriptsLoadedMs: number;
	/** `iris:init`: SvelteKit's `init` hook ran (entry modules fetched and evaluated). */
	initMs: number;
	/** `iris:idb-open-start` / `-end`: the store's IndexedDB open. */
	idbOpenStartMs: number;
	idbOpenEndMs: number;
	/** `iris:config`: the pairing is known, the chat shell renders. */
	configMs: number;
	/** `iris:query-start` / `-end`: the open channel's first page read. */
	queryStartMs: number;
	queryEndMs: number;
	/** Every `iris:` mark of the start, by name without the prefix (first occurrence), ms. */
	marks: Record<string, number>;
	/** Long tasks before the app's paint (`livePaintMs`): `[start, duration]`, ms. */
	longTasks: [number, number][];
	/** JavaScript files fetched before `livePaintMs`, and their transfer-free sizes (bytes). */
	scripts: number;
	scriptBytes: number;
}

/** What the in-page observer records (installed before any page script runs). */
interface Seen {
	inDom?: number;
	paint?: number;
	snapshotPaint?: number;
	/** Long tasks (> 50 ms) of the page's main thread: start and duration, ms. */
	longTasks: [number, number][];
}

/**
 * Navigate a fresh page of `context` to `url` at CPU slow-down `rate` and time the start until
 * `article[data-message-id="<newest>"]` is painted. The page is closed afterwards. `tracePath`:
 * write a Chromium trace of the start there (DevTools' Performance panel opens it; tracing slows
 * the page, so such a run's figures are not comparable).
 */
export async function coldStart(
	context: BrowserContext,
	url: string,
	newest: string,
	rate: number,
	tracePath?: string
): Promise<ColdRun> {
	const page = await context.newPage();
	const browser = context.browser();
	let tracing = false;
	try {
		const cdp = await throttle(context, page, rate);
		await page.addInitScript(
			([selector, newest]) => {
				const seen: Seen = { longTasks: [] };
				(globalThis as unknown as { __cold: Seen }).__cold = seen;
				new PerformanceObserver((list) => {
					for (const e of list.getEntries()) seen.longTasks.push([e.startTime, e.duration]);
				}).observe({ type: 'longtask', buffered: true });
				// The frame that renders a change: after its rendering steps (style, layout, paint) a
				// task posted from its animation-frame callback runs. Its time bounds the paint.
				const afterPaint = (done: (ms: number) => void) =>
					requestAnimationFrame(() => {
						const channel = new MessageChannel();
						channel.port1.onmessage = () => done(performance.now());
						channel.port2.postMessage(null);
					});
				let copySeen = false;
				const observer = new MutationObserver(() => {
					const copy = document.getElementById('iris-screen-snapshot');
					if (
						!copySeen &&
						copy?.hasAttribute('data-shown') &&
						copy.dataset.lastMessage === newest
					) {
						copySeen = true;
						afterPaint((ms) => (seen.snapshotPaint = ms));
					}
					if (seen.inDom !== undefined || !document.querySelector(selector)) return;
					seen.inDom = performance.now();
					afterPaint((ms) => (seen.paint = ms));
				});
				observer.observe(document, {
					childList: true,
					subtree: true,
					attributes: true,
					attributeFilter: ['data-shown']
				});
			},
			[`article[data-message-id="${newest}"]`, newest] as const
		);
		if (tracePath && browser) {
			await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
			tracing = true;
		}
		await page.goto(url, { waitUntil: 'commit' });
		await page.waitForFunction(
			() => (globalThis as unknown as { __cold?: Seen }).__cold?.paint !== undefined,
			undefined,
			{ timeout: 120_000 }
		);
		const run = await readRun(page);
		await cdp.detach();
		return run;
	} finally {
		// Stopped on failure too: a browser still tracing refuses the next start.
		if (tracing) await browser?.stopTracing();
		await page.close();
	}
}

function readRun(page: Page): Promise<ColdRun> {
	return page.evaluate(() => {
		const seen = (globalThis as unknown as { __cold: Seen }).__cold;
		const mark = (name: string) =>
			performance.getEntriesByName(`iris:${name}`, 'mark')[0]?.startTime ?? NaN;
		const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
		const initMs = mark('init');
		const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
			.filter((r) => r.name.endsWith('.js') && r.responseEnd <= seen.paint!)
			.sort((a, b) => a.responseEnd - b.responseEnd);
		const beforeInit = scripts.filter((r) => r.responseEnd <= initMs);
		return {
			paintMs: Math.min(seen.paint!, seen.snapshotPaint ?? Infinity),
			livePaintMs: seen.paint!,
			snapshotPaintMs: seen.snapshotPaint ?? NaN,
			inDomMs: seen.inDom!,
			htmlMs: nav.responseEnd,
			scriptsLoadedMs: beforeInit.at(-1)?.responseEnd ?? NaN,
			initMs,
			idbOpenStartMs: mark('idb-open-start'),
			idbOpenEndMs: mark('idb-open-end'),
			configMs: mark('config'),
			queryStartMs: mark('query-start'),
			queryEndMs: mark('query-end'),
			marks: Object.fromEntries(
				performance
					.getEntriesByType('mark')
					.filter((m) => m.name.startsWith('iris:'))
					.reverse()
					.map((m) => [m.name.slice(5), Math.round(m.startTime)])
			),
			longTasks: seen.longTasks
				.filter(([start]) => start < seen.paint!)
				.map(([start, ms]) => [Math.round(start), Math.round(ms)]),
			scripts: scripts.length,
			scriptBytes: scripts.reduce((n, r) => n + r.decodedBodySize, 0)
		};
	});
}

/** The breakdown of one run the README reports: consecutive phases, ms. */
export interface ColdPhases {
	/** Navigation start → `init`: the document and the entry modules fetched and evaluated. */
	scriptEval: number;
	/** The IndexedDB open (its own duration; it may overlap other phases). */
	idbOpen: number;
	/** The first page read of the open channel. */
	firstQuery: number;
	/** First page read → the app painted the newest message (Svelte render, layout, paint). */
	render: number;
	/** `init` → the first query starts: the app's start-up before the channel is read. */
	startup: number;
}

/** Split a run into `ColdPhases`. */
export function phases(run: ColdRun): ColdPhases {
	return {
		scriptEval: run.initMs,
		idbOpen: run.idbOpenEndMs - run.idbOpenStartMs,
		startup: run.queryStartMs - run.initMs,
		firstQuery: run.queryEndMs - run.queryStartMs,
		render: run.livePaintMs - run.queryEndMs
	};
}
