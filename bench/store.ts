/**
 * Bench scenarios C2, V and M on seeded stores (bench/README.md):
 * - store `small`: channel `bench10k` (10,000 messages) + `m1k` (1,000): 11,000 messages;
 * - store `large`: `bench10k` (10,000) + `m90k` (90,000): 100,000 messages.
 * Each store is one browser context (its own IndexedDB), paired with the bench gateway.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type Gateway, pairViaLink } from '../tests/e2e/fixtures';
import {
	collect,
	domNodes,
	heapAfterGc,
	observe,
	openApp,
	seedStore,
	timeChannelOpen,
	timeChannelRead
} from './support';
import { throttle } from './throttle';

/** A paired browser context with a seeded store. */
export interface SeededStore {
	context: BrowserContext;
	total: number;
}

/** Create and seed the `small` (11k) or `large` (100k) store. */
export async function seededStore(
	browser: Browser,
	gateway: Gateway,
	size: 'small' | 'large'
): Promise<SeededStore> {
	const context = await browser.newContext();
	const page = await context.newPage();
	await pairViaLink(page, gateway);
	const channels =
		size === 'small'
			? [
					{ chat_id: 'bench10k', name: 'Bench 10k', count: 10_000 },
					{ chat_id: 'm1k', name: 'Bench 1k', count: 1_000 }
				]
			: [
					{ chat_id: 'bench10k', name: 'Bench 10k', count: 10_000 },
					{ chat_id: 'm90k', name: 'Bench 90k', count: 90_000 }
				];
	await seedStore(page, channels);
	await page.close();
	// Rows seeded straight into IndexedDB have no search index yet: the worker builds it in the
	// background once (doc/search.md), competing with every read. Measure the steady state a user
	// lives in: wait until the search dialog no longer says "Indexing messages".
	const app = await openApp(context, gateway.httpUrl);
	await app.getByRole('button', { name: 'Search', exact: true }).click();
	await app.getByRole('dialog').waitFor();
	await app.getByText('Indexing messages').waitFor({ state: 'detached', timeout: 15 * 60_000 });
	await app.close();
	return { context, total: channels.reduce((n, c) => n + c.count, 0) };
}

/** C2 figures of one repetition in one store, ms. */
export interface OpenRun {
	/** Click on the channel → its newest message in the DOM (app, latest page only). */
	openMs: number;
	/** Raw IndexedDB read of the latest 200 rows through `[chat_id+ts]` (what the app reads). */
	pageReadMs: number;
	/** Raw IndexedDB read of all 10,000 rows of the channel (the load-all baseline). */
	loadAllMs: number;
}

/** C2: open the 10,000-message channel, the page's CPU slowed `rate` times. */
export function openRun(store: SeededStore, url: string, rate = 1): Promise<OpenRun> {
	return inPage(store, url, rate, async (page) => {
		const openMs = await timeChannelOpen(page, 'bench10k', 10_000);
		const pageReadMs = await timeChannelRead(page, 'bench10k', 200);
		const loadAllMs = await timeChannelRead(page, 'bench10k');
		return { openMs, pageReadMs, loadAllMs };
	});
}

/**
 * Run `fn` on a fresh page of the store's app at `url`, closed afterwards; the page's CPU is
 * slowed `rate` times once the app is open (bench/throttle.ts).
 */
async function inPage<T>(
	store: SeededStore,
	url: string,
	rate: number,
	fn: (page: Page) => Promise<T>
): Promise<T> {
	const page = await openApp(store.context, url);
	try {
		if (rate !== 1) await throttle(store.context, page, rate);
		return await fn(page);
	} finally {
		await page.close();
	}
}

/** V: scroll from the newest to the oldest of 10,000 messages. */
export interface ScrollRun {
	longFrames: number;
	maxDomNodes: number;
	/** Whether the oldest message was reached within the time limit. */
	reachedTop: boolean;
	ms: number;
}

/**
 * Scroll up by three viewports per animation frame until the oldest message shows (≤ 120 s),
 * the page's CPU slowed `rate` times.
 */
export function scrollRun(store: SeededStore, url: string, rate = 1): Promise<ScrollRun> {
	return inPage(store, url, rate, async (page) => {
		await timeChannelOpen(page, 'bench10k', 10_000);
		await observe(page);
		const { reachedTop, ms } = await page.evaluate(
			() =>
				new Promise<{ reachedTop: boolean; ms: number }>((resolve) => {
					const log = document.querySelector<HTMLElement>('[role="log"]')!;
					const t0 = performance.now();
					const step = () => {
						const ms = performance.now() - t0;
						if (document.querySelector('article[data-message-id="seed-bench10k-0"]')) {
							resolve({ reachedTop: true, ms });
						} else if (ms > 120_000) {
							resolve({ reachedTop: false, ms });
						} else {
							// Three screens per frame: fast, and every row still passes through the view.
							// The wheel event marks the scroll as the reader's (the list follows the
							// bottom otherwise).
							log.dispatchEvent(new WheelEvent('wheel', { deltaY: -1, bubbles: true }));
							log.scrollTop -= 3 * log.clientHeight;
							requestAnimationFrame(step);
						}
					};
					step();
				})
		);
		const seen = await collect(page);
		return { longFrames: seen.longFrames.length, maxDomNodes: seen.maxNodes, reachedTop, ms };
	});
}

/** M: JS heap (after GC, bytes) and DOM elements with a channel open. */
export interface MemoryRun {
	heap: number;
	domNodes: number;
}

/** Open `chat_id` (`count` messages) in a fresh page (CPU slowed `rate` times), measure memory. */
export function memoryRun(
	store: SeededStore,
	url: string,
	chat_id: string,
	count: number,
	rate = 1
): Promise<MemoryRun> {
	return inPage(store, url, rate, async (page) => {
		await timeChannelOpen(page, chat_id, count);
		const cdp = await store.context.newCDPSession(page);
		const heap = await heapAfterGc(cdp);
		return { heap, domNodes: await domNodes(page) };
	});
}
