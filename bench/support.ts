/**
 * Helpers for `npm run bench`: statistics, Chrome DevTools Protocol metrics, in-page observers
 * and IndexedDB seeding. Nothing here asserts a timing; it only measures.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export { seedStore, type SeedChannel } from '../tests/e2e/seed';

/** Median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
	if (values.length === 0) return NaN;
	const s = [...values].sort((a, b) => a - b);
	const mid = Math.floor(s.length / 2);
	return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The `p`-th percentile (0–100, nearest rank) of `values` (NaN when empty). */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const s = [...values].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Repetitions: `BENCH_REPS` (quick runs), else 5 (medians of fewer swing with the load). */
export function repetitions(): number {
	const n = Number(process.env.BENCH_REPS ?? 5);
	return Number.isInteger(n) && n > 0 ? n : 5;
}

/** Main-thread time so far, ms (CDP `Performance.getMetrics`): all tasks and their parts. */
export interface MainThreadTime {
	task: number;
	script: number;
	layout: number;
	style: number;
	/** How many layouts and style recalculations ran (counts, not ms). */
	layoutCount: number;
	styleCount: number;
}

/** Read `MainThreadTime` (call `Performance.enable` first). */
export async function mainThreadTime(cdp: CDPSession): Promise<MainThreadTime> {
	const { metrics } = (await cdp.send('Performance.getMetrics')) as {
		metrics: { name: string; value: number }[];
	};
	// CDP reports seconds.
	const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
	const ms = (name: string) => value(name) * 1000;
	return {
		layoutCount: value('LayoutCount'),
		styleCount: value('RecalcStyleCount'),
		task: ms('TaskDuration'),
		script: ms('ScriptDuration'),
		layout: ms('LayoutDuration'),
		style: ms('RecalcStyleDuration')
	};
}

/** Used JS heap after a forced garbage collection, bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
	await cdp.send('HeapProfiler.collectGarbage');
	const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
	return usedSize;
}

/** Live DOM element count of the page. */
export function domNodes(page: Page): Promise<number> {
	return page.evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * What made one long animation frame long (Long Animation Frames API): ms of the frame, of its
 * rendering update (style, layout, paint) and of each script it ran over 5 ms, by what called it.
 */
export interface LongFrame {
	duration: number;
	renderMs: number;
	styleAndLayoutMs: number;
	/** `invoker` (e.g. `Response.json.then`, `DOMWindow.onmessage`), source `file:line`, ms. */
	scripts: { invoker: string; source: string; ms: number }[];
}

/** In-page observers installed by `observe` and read by `collect`. */
interface Observed {
	/** Durations (ms) of long animation frames > 50 ms. */
	longFrames: number[];
	/** Those frames' attribution. */
	longFrameDetails: LongFrame[];
	/** Input delay (ms) of each `keydown`: handler start − event time stamp. */
	keyDelays: number[];
	/** The largest element count sampled each animation frame. */
	maxNodes: number;
}

/**
 * Start observing the page: long animation frames over 50 ms (Long Animation Frames API),
 * `keydown` input delay, and (`sampleNodes`) the peak DOM size, sampled once per frame.
 */
export async function observe(page: Page, { sampleNodes = true } = {}): Promise<void> {
	await page.evaluate((sampleNodes) => {
		const o: Observed = { longFrames: [], longFrameDetails: [], keyDelays: [], maxNodes: 0 };
		(window as unknown as { __bench: Observed }).__bench = o;
		interface Script {
			invoker: string;
			sourceURL: string;
			sourceFunctionName: string;
			sourceCharPosition: number;
			duration: number;
		}
		interface Frame extends PerformanceEntry {
			renderStart: number;
			styleAndLayoutStart: number;
			scripts: Script[];
		}
		new PerformanceObserver((list) => {
			for (const e of list.getEntries() as Frame[]) {
				if (e.duration <= 50) continue;
				o.longFrames.push(e.duration);
				const end = e.startTime + e.duration;
				o.longFrameDetails.push({
					duration: e.duration,
					renderMs: e.renderStart ? end - e.renderStart : 0,
					styleAndLayoutMs: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
					scripts: e.scripts
						.filter((s) => s.duration > 5)
						.map((s) => ({
							invoker: s.invoker,
							source: `${s.sourceURL.split('/').pop()}:${s.sourceCharPosition} ${s.sourceFunctionName}`,
							ms: Math.round(s.duration)
						}))
				});
			}
		}).observe({ type: 'long-animation-frame', buffered: false });
		addEventListener('keydown', (e) => o.keyDelays.push(performance.now() - e.timeStamp), {
			capture: true
		});
		// A rAF loop makes the page produce a frame every vsync: only where DOM size is measured.
		if (!sampleNodes) return;
		const sample = () => {
			o.maxNodes = Math.max(o.maxNodes, document.getElementsByTagName('*').length);
			requestAnimationFrame(sample);
		};
		requestAnimationFrame(sample);
	}, sampleNodes);
}

/**
 * Resolves once the page has settled after start-up: `count` idle callbacks in a row found the
 * main thread free for at least `freeMs` (a callback's `timeRemaining()`). That lets what start-up
 * queued run first (the first chunks' evaluation, the idle warm-ups' steps); it does not prove
 * that all of it ran (a warm-up still waiting on a fetch is not seen). Waits on the page's idle
 * periods, not on the clock; gives up after `capMs` (a page that is never idle, e.g. a running
 * animation), with a warning, rather than hang the bench.
 */
export async function settled(page: Page, count = 5, freeMs = 40, capMs = 20_000): Promise<void> {
	const done = await page.evaluate(
		({ count, freeMs, capMs }) =>
			new Promise<boolean>((resolve) => {
				let inRow = 0;
				const cap = setTimeout(() => resolve(false), capMs);
				const next = (deadline: IdleDeadline) => {
					inRow = deadline.timeRemaining() >= freeMs ? inRow + 1 : 0;
					if (inRow < count) return void requestIdleCallback(next);
					clearTimeout(cap);
					resolve(true);
				};
				requestIdleCallback(next);
			}),
		{ count, freeMs, capMs }
	);
	if (!done) console.warn(`[bench] the page did not settle within ${capMs} ms: measuring anyway`);
}

/** What `observe` saw so far. */
export function collect(page: Page): Promise<Observed> {
	return page.evaluate(() => (window as unknown as { __bench: Observed }).__bench);
}

/** Open the app's `/` in a new page of `context` (already paired) and wait for the chat. */
export async function openApp(context: BrowserContext, url: string): Promise<Page> {
	const page = await context.newPage();
	await page.goto(url);
	await page.getByRole('log', { name: 'Messages', exact: true }).waitFor();
	return page;
}

/**
 * Click the sidebar link of `chat_id` and measure, in the page, ms until the newest message
 * (`seed-<chat_id>-<count-1>`) is in the DOM.
 */
export async function timeChannelOpen(page: Page, chat_id: string, count: number): Promise<number> {
	// The sidebar renders from the store after the log: wait for the link before timing.
	await page.locator(`nav a[href$="/chat/${encodeURIComponent(chat_id)}"]`).waitFor();
	return page.evaluate(
		({ chat_id, newest }) =>
			new Promise<number>((resolve) => {
				const link = document.querySelector<HTMLAnchorElement>(
					`nav a[href$="/chat/${encodeURIComponent(chat_id)}"]`
				);
				if (!link) throw new Error(`[bench] no sidebar link for ${chat_id}`);
				const t0 = performance.now();
				link.click();
				const check = () => {
					if (document.querySelector(`article[data-message-id="${newest}"]`)) {
						resolve(performance.now() - t0);
					} else requestAnimationFrame(check);
				};
				check();
			}),
		{ chat_id, newest: `seed-${chat_id}-${count - 1}` }
	);
}

/**
 * Read a channel's messages from IndexedDB with the raw API through index `[chat_id+ts]`: the
 * `limit` newest the way the app reads its first page, or all of them (the load-all baseline). ms.
 */
export function timeChannelRead(page: Page, chat_id: string, limit?: number): Promise<number> {
	return page.evaluate(
		async ({ chat_id, limit }) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			const t0 = performance.now();
			const index = db.transaction('messages').objectStore('messages').index('[chat_id+ts]');
			const range = IDBKeyRange.bound([chat_id, -Infinity], [chat_id, Infinity]);
			const rows = await new Promise<unknown[]>((resolve, reject) => {
				if (limit === undefined) {
					const all = index.getAll(range);
					all.onsuccess = () => resolve(all.result);
					all.onerror = () => reject(all.error);
					return;
				}
				// What the app's Dexie query does here (state/conversation.svelte.ts): one request
				// with IndexedDB 3.0's options, the newest `limit` rows.
				const getAll = index.getAll as unknown as (
					this: IDBIndex,
					options: { query: IDBKeyRange; count: number; direction: IDBCursorDirection }
				) => IDBRequest<unknown[]>;
				const page = getAll.call(index, { query: range, count: limit, direction: 'prev' });
				page.onsuccess = () => resolve(page.result);
				page.onerror = () => reject(page.error);
			});
			const ms = performance.now() - t0;
			db.close();
			if (rows.length === 0) throw new Error(`[bench] no rows for ${chat_id}`);
			return ms;
		},
		{ chat_id, limit }
	);
}
