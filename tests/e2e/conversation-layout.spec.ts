import { expect, messageLog, pairViaLink, test } from './fixtures';
import { seedStore, type SeedRow } from './seed';
import type { Locator } from '@playwright/test';

const HOUR = 3_600_000;
const startOfToday = () => new Date().setHours(0, 0, 0, 0);

/**
 * A conversation over three days: two days ago, yesterday (the reader writes twice, Hermes
 * answers twice), today (one answer, then another after a long pause).
 */
function threeDays(): SeedRow[] {
	const today = startOfToday();
	const yesterday = today - 12 * HOUR;
	const earlier = today - 36 * HOUR;
	return [
		{ role: 'user', text: 'Two days ago', ts: earlier },
		{ role: 'assistant', text: 'An old answer', ts: earlier + 60_000 },
		{ role: 'user', text: 'First of two', ts: yesterday },
		{ role: 'user', text: 'Second of two', ts: yesterday + 30_000 },
		{ role: 'assistant', text: 'Answer one', ts: yesterday + 60_000 },
		{ role: 'assistant', text: 'Answer two', ts: yesterday + 90_000 },
		{ role: 'user', text: 'This morning', ts: today + 60_000 },
		{ role: 'assistant', text: 'Right away', ts: today + 120_000 },
		{ role: 'assistant', text: 'Much later', ts: today + 120_000 + HOUR }
	];
}

/** The vertical gap (px) between the bottom of `a` and the top of `b`. */
async function gap(a: Locator, b: Locator): Promise<number> {
	const [above, below] = [(await a.boundingBox())!, (await b.boundingBox())!];
	return below.y - (above.y + above.height);
}

test('the log has date separators, groups messages by sender, and keeps timestamps quiet', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const rows = threeDays();
	await seedStore(page, [{ chat_id: 'default', name: 'General', count: rows.length, rows }]);
	await page.reload();
	const log = messageLog(page);
	const article = (text: string) => log.locator('article', { hasText: text });
	await expect(article('Much later')).toBeInViewport();

	// One separator above the first message of each day, named by the day (rows out of view are
	// not rendered: the oldest day's shows once scrolled to).
	const separators = log.getByRole('separator');
	await expect(separators.last()).toHaveText('Today');
	await expect(log.getByRole('separator', { name: 'Today', exact: true })).toBeVisible();
	const yesterday = log.getByRole('separator', { name: 'Yesterday', exact: true });
	await expect(yesterday).toBeAttached();
	expect(await gap(yesterday, article('First of two'))).toBeGreaterThanOrEqual(0);

	// Consecutive messages of one sender sit close; a new sender or a long pause opens a gap.
	const inGroup = await gap(article('First of two'), article('Second of two'));
	const between = await gap(article('Second of two'), article('Answer one'));
	expect(inGroup).toBeLessThan(6);
	expect(between).toBeGreaterThan(inGroup + 8);
	expect(await gap(article('Answer one'), article('Answer two'))).toBeLessThan(6);
	expect(await gap(article('Right away'), article('Much later'))).toBeGreaterThan(inGroup + 8);
	// Hermes is named once per group of its messages: old answer, yesterday's two, today's two.
	await expect(log.getByText('Hermes', { exact: true })).toHaveCount(4);

	// Times are small and muted; the full date and time are on hover.
	const time = article('Answer one').locator('time');
	await expect(time).toHaveAttribute('title', /\d{4}/);
	const size = await time.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
	const body = await article('Answer one')
		.locator('p')
		.first()
		.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
	expect(size).toBeLessThan(body);

	// At the top, the oldest day's separator carries its date.
	await log.hover();
	await page.mouse.wheel(0, -10_000);
	const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(rows[0]!.ts);
	await expect(separators.first()).toHaveText(date);
	await expect(log.getByRole('separator', { name: date, exact: true })).toBeInViewport();
	await expect(separators).toHaveText([date, 'Yesterday', 'Today']);
});
