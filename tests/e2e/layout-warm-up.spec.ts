import { expect, messageLog, pairViaLink, test } from './fixtures';

/** What the page saw of the layout warm-up's host (components/conversation/layout-warm-up.ts). */
interface WarmUpRecord {
	/** Times a host was added to the document. */
	added: number;
	removed: number;
	/** Most message articles the host held at once. */
	articles: number;
	/** The answer's code block was highlighted while in the host (its comment, in italic). */
	highlighted: boolean;
	/** Every time it was looked at: `visibility: hidden` and inert. */
	alwaysHidden: boolean;
}

declare global {
	interface Window {
		__warmUp?: WarmUpRecord;
	}
}

test('once idle, the page lays out a hidden sample answer, highlighted, and removes it', async ({
	page,
	gateway
}) => {
	await page.addInitScript(() => {
		const record: WarmUpRecord = {
			added: 0,
			removed: 0,
			articles: 0,
			highlighted: false,
			alwaysHidden: true
		};
		window.__warmUp = record;
		const isHost = (n: Node) => n instanceof HTMLElement && n.hasAttribute('data-layout-warm-up');
		// Mutation callbacks run after each task's microtasks: after the bubbles mounted and the
		// highlighter filled the code block, before the frame that lays them out.
		new MutationObserver((mutations) => {
			for (const m of mutations) {
				record.added += [...m.addedNodes].filter(isHost).length;
				record.removed += [...m.removedNodes].filter(isHost).length;
			}
			const host = document.querySelector<HTMLElement>('[data-layout-warm-up]');
			if (!host) return;
			record.articles = Math.max(record.articles, host.querySelectorAll('article').length);
			const comment = host.querySelector('pre code .hljs-comment');
			if (comment && getComputedStyle(comment).fontStyle === 'italic') record.highlighted = true;
			if (getComputedStyle(host).visibility !== 'hidden' || !host.inert)
				record.alwaysHidden = false;
		}).observe(document, { childList: true, subtree: true });
	});
	await pairViaLink(page, gateway);
	await expect(messageLog(page)).toBeVisible();

	await page.waitForFunction(() => (window.__warmUp?.removed ?? 0) > 0);
	const record = await page.evaluate(() => window.__warmUp!);
	expect(record).toEqual({
		added: 1,
		removed: 1,
		articles: 2,
		highlighted: true,
		alwaysHidden: true
	});
	await expect(page.locator('[data-layout-warm-up]')).toHaveCount(0);
	// Nothing of it reached the log.
	await expect(messageLog(page).locator('article')).toHaveCount(0);
});
