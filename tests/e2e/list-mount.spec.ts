import { expect, messageLog, pairViaLink, test } from './fixtures';
import { seedStore, type SeedRow } from './seed';

/** A long answer: a heading, three paragraphs, a list and a code block (~750 px tall at 1280). */
function longAnswer(i: number): string {
	const paragraph = `Part ${i}: ${'the gateway replayed what this device missed while it was away. '.repeat(4)}`;
	const list = Array.from({ length: 6 }, (_, n) => `- point ${n + 1} of answer ${i}`).join('\n');
	const code = Array.from({ length: 8 }, (_, n) => `const line${n} = ${n};`).join('\n');
	return `## Answer ${i}\n\n${paragraph}\n\n${paragraph}\n\n${list}\n\n\`\`\`ts\n${code}\n\`\`\`\n\n${paragraph}`;
}

test('a conversation of long answers opens rendering about a screenful of them, not dozens', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const start = Date.now() - 3_600_000;
	const rows: SeedRow[] = Array.from({ length: 40 }, (_, i) => ({
		role: 'assistant',
		text: longAnswer(i),
		ts: start + i * 1_000
	}));
	await seedStore(page, [{ chat_id: 'default', name: 'General', count: rows.length, rows }]);
	// The most articles the log ever holds at once, from the first render of the reload on.
	await page.addInitScript(() => {
		const w = window as unknown as { __mostArticles: number };
		w.__mostArticles = 0;
		new MutationObserver(() => {
			const count = document.querySelectorAll('[role="log"] article').length;
			w.__mostArticles = Math.max(w.__mostArticles, count);
		}).observe(document, { childList: true, subtree: true });
	});
	await page.reload();
	const log = messageLog(page);
	await expect(log.locator('article[data-message-id="seed-default-39"]')).toBeInViewport();
	await expect(log.locator('article[data-message-id="seed-default-39"] pre')).toBeVisible();

	// Each answer is taller than a third of the view: the list starts from a size estimate of
	// rows like these (virtua's own, 40 px, mounted 15–20 of them to measure, then dropped most).
	const height = await log
		.locator('article')
		.last()
		.evaluate((el) => el.getBoundingClientRect().height);
	expect(height).toBeGreaterThan(400);
	const most = await page.evaluate(
		() => (window as unknown as { __mostArticles: number }).__mostArticles
	);
	expect(most).toBeGreaterThan(0);
	expect(most).toBeLessThanOrEqual(7);
});
