/**
 * Reading the virtualized message log as a reader would: only rows near the view are in
 * the DOM, so what the log holds is found by scrolling through it, never by counting articles.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, messageLog } from './fixtures';

/**
 * Resolves once the log's scroll position and its rendered rows stayed the same for two frames.
 * Brings `page` to the front first: a tab in the background renders no frames (and lays out no
 * new rows), so a test reading a second tab would wait for ever. Playwright's trace recording
 * kept background tabs rendering, which hid this until the tests ran without it.
 */
export async function settled(page: Page): Promise<void> {
	await page.bringToFront();
	await messageLog(page).evaluate(async (log) => {
		const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
		const state = () =>
			`${log.scrollTop}|${[...log.querySelectorAll('article')].map((a) => a.dataset.messageId)}`;
		let last = '';
		for (let stable = 0; stable < 2;) {
			await frame();
			const now = state();
			stable = now === last ? stable + 1 : 0;
			last = now;
		}
	});
}

/** Scrolls the log with the mouse wheel by `dy` px (negative = up) and waits for it to settle. */
export async function wheel(page: Page, dy: number): Promise<void> {
	await messageLog(page).hover();
	await page.mouse.wheel(0, dy);
	await settled(page);
}

/**
 * Wheels the log to its top until it stays there. Rows measured only as they render above the
 * view can still move it down after a wheel has settled (the list keeps what is in view in place),
 * so one wheel may stop short of the top; fails if the top is never held.
 */
export async function wheelToTop(page: Page): Promise<void> {
	const scrollTop = () => messageLog(page).evaluate((log) => log.scrollTop);
	for (let step = 0; step < 20; step += 1) {
		await wheel(page, -1_000_000);
		if ((await scrollTop()) === 0) return;
	}
	expect(await scrollTop(), 'the log never stayed at its top').toBe(0);
}

/** A message row met while walking the log. */
export interface WalkedRow {
	id: string;
	role: string;
	/** First line of the article's text. */
	line: string;
	/** All of the article's text. */
	text: string;
}

/**
 * Walks the log from its top to its bottom with the wheel, as a reader would, and returns every
 * message met, top to bottom, each once (by its id); rendered rows are read in on-screen order.
 * Fails if a view ever has the same message rendered twice.
 */
export async function walkLog(page: Page): Promise<WalkedRow[]> {
	await wheelToTop(page);
	const seen = new Map<string, WalkedRow>();
	for (let step = 0; step < 500; step += 1) {
		const view = await messageLog(page).evaluate((log) => {
			const rows = [...log.querySelectorAll<HTMLElement>('article[data-message-id]')]
				.map((a) => {
					const text = a.innerText.trim();
					return {
						id: a.dataset.messageId!,
						role: a.dataset.role ?? '',
						line: text.split('\n')[0] ?? '',
						text,
						top: a.getBoundingClientRect().top
					};
				})
				.sort((a, b) => a.top - b.top);
			const ids = rows.map((r) => r.id);
			return {
				rows,
				duplicateInDom: new Set(ids).size !== ids.length,
				atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 2,
				height: log.clientHeight
			};
		});
		expect(view.duplicateInDom).toBe(false);
		// A row mounted but not laid out yet has no text: look at this view again.
		if (view.rows.some((row) => row.text === '')) {
			await settled(page);
			continue;
		}
		for (const { id, role, line, text } of view.rows)
			if (!seen.has(id)) seen.set(id, { id, role, line, text });
		if (view.atEnd) return [...seen.values()];
		await wheel(page, Math.floor(view.height * 0.75));
	}
	throw new Error('the log never reached its end');
}

/** The first line of every message, top to bottom (see `walkLog`). */
export async function readFromTopToBottom(page: Page): Promise<string[]> {
	return (await walkLog(page)).map((row) => row.line);
}

/**
 * Scrolls the log to its end, then up a screen at a time until `target` (inside the log) is
 * rendered, then into view; fails if the top is reached first. The list only renders rows near
 * the view, so a message far above the end must be scrolled to before it can be looked at.
 */
export async function reveal(page: Page, target: Locator): Promise<void> {
	await wheel(page, 1_000_000);
	for (let step = 0; step < 500; step += 1) {
		if ((await target.count()) > 0) {
			// The list may still re-render the rows as the last scroll settles: a row found a moment
			// ago can be gone again; then look once more instead of failing.
			const shown = await target
				.first()
				.scrollIntoViewIfNeeded({ timeout: 5_000 })
				.then(() => true)
				.catch((e: unknown) => {
					if (/not attached to the DOM/.test(String(e))) return false;
					throw e;
				});
			if (shown) return;
			continue;
		}
		const { top, height } = await messageLog(page).evaluate((log) => ({
			top: log.scrollTop,
			height: log.clientHeight
		}));
		if (top <= 0) break;
		await wheel(page, -Math.floor(height * 0.75));
	}
	throw new Error('not in the log: scrolled to its top without finding it');
}
