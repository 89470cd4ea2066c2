/**
 * Bench scenarios S1–S3: one streamed answer (`/demo bench-stream`, 2,000 `message.update`s at
 * 100/s growing a 20 kB answer) in a fresh browser context and a fresh gateway, rendered by the
 * app (`incremental`) or by a baseline (`b0`, `b1`, the floor `f`: src/lib/bench/); for S2, with
 * a keystroke in the composer every 100 ms. Optionally under CPU throttling (bench/throttle.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';
import { Gateway, composer, messageLog, pairViaLink } from '../tests/e2e/fixtures';
import { collect, mainThreadTime, observe, percentile, settled, type LongFrame } from './support';
import { throttle } from './throttle';
import { TRACE_CATEGORIES } from './trace';

/**
 * Which renderer a run uses: the app's (`incremental`), the app's on the code-heavy answer
 * (`code`: ten fences in six languages, inline and display math), a naive baseline (`b0`, `b1`)
 * or the browser's floor (`f`: the same events appended as plain text, src/lib/bench/floor.ts).
 */
export type RenderMode = 'incremental' | 'code' | 'b0' | 'b1' | 'f';

/** Every mode, in the order a run rotates through them. */
export const RENDER_MODES: readonly RenderMode[] = ['incremental', 'code', 'f', 'b0', 'b1'];

/** Raw figures of one streamed answer. */
export interface StreamRun {
	mode: RenderMode;
	/** CPU slow-down factor of the page (1 = none). */
	rate: number;
	/** Main-thread task time from send to the answer's `complete`, ms (CDP TaskDuration). */
	taskMs: number;
	/** Parts of `taskMs`: JavaScript, layout, style recalculation, ms. */
	scriptMs: number;
	layoutMs: number;
	styleMs: number;
	/** Layouts and style recalculations meanwhile (counts). */
	layoutCount: number;
	styleCount: number;
	/** Long animation frames (> 50 ms) meanwhile, and what made each long. */
	longFrames: number;
	longFrameDetails: LongFrame[];
	/** Characters handed to the markdown lexer. */
	charsParsed: number;
	/** Markdown renders. */
	renders: number;
	/** S2: keydown input delay p95 / max, ms, and how many keys were typed. */
	inputDelayP95: number;
	inputDelayMax: number;
	keys: number;
	/** S3: `stream` events and their JSON size (≈ bytes posted worker → page). */
	streamEvents: number;
	streamBytes: number;
	/** S3: IndexedDB transactions that wrote the answer's row. */
	answerWrites: number;
	/** Length of the final answer text. */
	finalLength: number;
}

/** Characters of the streamed answer. */
export const FINAL_LENGTH = 20_000;
const question = (mode: RenderMode) =>
	`/demo ${mode === 'code' ? 'bench-code' : 'bench-stream'} 2000 100 ${FINAL_LENGTH}`;

/** Count, in the connection worker, the IndexedDB transactions that write an assistant row. */
async function countAnswerWrites(page: Page): Promise<void> {
	const worker = page.workers()[0] ?? (await page.waitForEvent('worker'));
	await worker.evaluate(() => {
		const g = globalThis as unknown as { __answerWrites: WeakSet<IDBTransaction>; __n: number };
		g.__answerWrites = new WeakSet();
		g.__n = 0;
		const mark = (tx: IDBTransaction, value: unknown) => {
			if ((value as { role?: string } | null)?.role !== 'assistant') return;
			if (g.__answerWrites.has(tx)) return;
			g.__answerWrites.add(tx);
			g.__n += 1;
		};
		for (const method of ['put', 'add'] as const) {
			const original = IDBObjectStore.prototype[method];
			IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value, key) {
				mark(this.transaction, value);
				return original.call(this, value, key);
			};
		}
		const update = IDBCursor.prototype.update;
		IDBCursor.prototype.update = function (this: IDBCursor, value) {
			const source = this.source as IDBObjectStore | IDBIndex;
			mark('objectStore' in source ? source.objectStore.transaction : source.transaction, value);
			return update.call(this, value);
		};
	});
}

/**
 * Stream one answer in `mode` and measure it; with `typing` (S2), a key is typed into the composer
 * every 100 ms meanwhile. The page's CPU is slowed `rate` times from pairing on (the measured
 * part only). The gateway is started and stopped here.
 *
 * @throws when the answer does not complete within 180 s × `rate`.
 */
export async function streamRun(
	browser: Browser,
	startGateway: () => Promise<Gateway>,
	mode: RenderMode,
	typing: boolean,
	rate = 1
): Promise<StreamRun> {
	const gateway = await startGateway();
	const context = await browser.newContext();
	let tracing = false;
	try {
		await context.addInitScript((mode) => {
			localStorage.setItem('iris:bench', '1');
			if (mode === 'incremental' || mode === 'code') localStorage.removeItem('iris:bench-baseline');
			else localStorage.setItem('iris:bench-baseline', mode);
		}, mode);
		const page = await context.newPage();
		await pairViaLink(page, gateway);
		await messageLog(page).waitFor();
		// The stream is measured, not the page's start-up: its first chunks' evaluation and the idle
		// warm-ups (bench/README.md "Latest numbers") run before the question is sent, as they do
		// for a person who opens the app and then types.
		await settled(page);
		await countAnswerWrites(page);
		// The session keeps the throttling on; the metrics are read through it too.
		const cdp = await throttle(context, page, rate);
		await cdp.send('Performance.enable');
		await observe(page, { sampleNodes: false });
		await page.evaluate(() => {
			const s = (globalThis as { __irisMarkdownStats?: { renders: number; charsParsed: number } })
				.__irisMarkdownStats;
			if (s) s.renders = s.charsParsed = 0;
		});
		// BENCH_TRACE=<path prefix>: a Chromium trace of the stream (slower: not comparable).
		const trace = process.env.BENCH_TRACE;
		if (trace) {
			await browser.startTracing(page, {
				path: `${trace}-${mode}-${rate}-${Date.now()}.json`,
				categories: TRACE_CATEGORIES
			});
			tracing = true;
		}
		const before = await mainThreadTime(cdp);

		await composer(page).fill(question(mode));
		await composer(page).press('Enter');
		const answer = messageLog(page).locator('article[data-role="assistant"]').last();
		await answer.waitFor({ timeout: 30_000 * rate });

		// S2: a keystroke every 100 ms until the answer is complete. Raw CDP key events and one
		// in-page wait for the end: Playwright's `keyboard.press` and locator polling run their own
		// scripts and forced layouts in the page, which would be counted as the app's main-thread time.
		const complete = page.evaluate((limitMs) => {
			const done = () =>
				document.querySelector(
					'[role="log"] article[data-role="assistant"][data-status="complete"]'
				) !== null;
			return new Promise<void>((resolve, reject) => {
				if (done()) return resolve();
				setTimeout(() => reject(new Error('[bench] the answer never completed')), limitMs);
				const observer = new MutationObserver(() => {
					if (!done()) return;
					observer.disconnect();
					resolve();
				});
				observer.observe(document.body, {
					subtree: true,
					attributeFilter: ['data-status'],
					childList: true
				});
			});
		}, 180_000 * rate);
		let streaming = true;
		let keys = 0;
		const key = { key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65 };
		const typist = (async () => {
			if (typing) await composer(page).focus();
			let next = Date.now();
			while (streaming && typing) {
				await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: 'a', ...key });
				await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
				keys += 1;
				next += 100;
				await sleep(Math.max(0, next - Date.now()));
			}
		})();
		await complete;
		streaming = false;
		await typist;
		const after = await mainThreadTime(cdp);
		if (tracing) {
			tracing = false;
			await browser.stopTracing();
		}

		const seen = await collect(page);
		const counters = await page.evaluate(() => {
			const g = globalThis as {
				__irisMarkdownStats?: { renders: number; charsParsed: number };
				__irisStreamTraffic?: { events: number; bytes: number };
			};
			return {
				markdown: g.__irisMarkdownStats ?? { renders: 0, charsParsed: 0 },
				traffic: g.__irisStreamTraffic ?? { events: 0, bytes: 0 }
			};
		});
		const worker = page.workers()[0];
		const answerWrites = worker
			? await worker.evaluate(() => (globalThis as unknown as { __n: number }).__n)
			: NaN;
		return {
			mode,
			rate,
			taskMs: after.task - before.task,
			scriptMs: after.script - before.script,
			layoutMs: after.layout - before.layout,
			styleMs: after.style - before.style,
			layoutCount: after.layoutCount - before.layoutCount,
			styleCount: after.styleCount - before.styleCount,
			longFrames: seen.longFrames.length,
			longFrameDetails: seen.longFrameDetails,
			charsParsed: counters.markdown.charsParsed,
			renders: counters.markdown.renders,
			inputDelayP95: percentile(seen.keyDelays, 95),
			inputDelayMax: Math.max(0, ...seen.keyDelays),
			keys,
			streamEvents: counters.traffic.events,
			streamBytes: counters.traffic.bytes,
			answerWrites,
			finalLength: FINAL_LENGTH
		};
	} finally {
		// Stopped on failure too: a browser still tracing refuses the next start.
		if (tracing) await browser.stopTracing();
		await context.close();
		await gateway.stop();
	}
}
