import { expect, messageLog, pairViaLink, replyTo, sendMessage, test } from './fixtures';
import { settled, wheel } from './log-walk';
import { seedStore } from './seed';

const COUNT = 1_000;
const article = (i: number) => `article[data-message-id="seed-default-${i}"]`;

test('a long conversation is virtualized, anchored to the bottom, and pages in older messages', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await seedStore(page, [{ chat_id: 'default', name: 'General', count: COUNT }]);
	// Raw IndexedDB writes are not seen by Dexie's liveQuery: open the channel afresh.
	await page.reload();
	const log = messageLog(page);

	// Opens at the newest message, with only a screenful or so of articles in the DOM.
	await expect(log.locator(article(COUNT - 1))).toBeInViewport();
	expect(await log.locator('article').count()).toBeLessThan(60);
	const jump = page.getByRole('button', { name: 'Jump to latest' });
	await expect(jump).toHaveCount(0);

	// Scrolling up (as a reader does, with the wheel) offers the way back.
	await log.hover();
	await page.mouse.wheel(0, -3000);
	await expect(jump).toBeVisible();
	await expect(log.locator(article(COUNT - 1))).not.toBeInViewport();
	// The wheel over the floating button scrolls the log under it too.
	const top = await log.evaluate((el) => el.scrollTop);
	await jump.hover();
	await page.mouse.wheel(0, -500);
	await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBeLessThan(top - 250);
	await jump.click();
	await expect(log.locator(article(COUNT - 1))).toBeInViewport();
	await expect(jump).toHaveCount(0);

	// Near the top the previous page is prepended, and the view stays where the reader was: far
	// down the new, longer list, just above the old first row, not at its top (where the new
	// page's oldest rows would show). Each wheel waits for the log to settle, and the wheeling
	// stops as soon as an older row shows. A wheel that lands after the page was prepended still
	// carries the reader on up (under load a page can take longer than a wheel): the join must
	// only be near, not exact.
	const oldestShown = () =>
		log.evaluate((el) =>
			Math.min(
				...[...el.querySelectorAll<HTMLElement>('article[data-message-id^="seed-default-"]')].map(
					(a) => Number(a.dataset.messageId!.slice('seed-default-'.length))
				)
			)
		);
	for (let step = 0; step < 100 && (await oldestShown()) >= COUNT - 200; step += 1) {
		if ((await log.evaluate((el) => el.scrollTop)) > 0) await wheel(page, -2_000);
		else await expect.poll(oldestShown).toBeLessThan(COUNT - 200);
	}
	await settled(page);
	expect(await oldestShown()).toBeLessThan(COUNT - 200);
	expect(await oldestShown()).toBeGreaterThan(COUNT - 300);
	expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(5_000);
	await expect(log.locator(article(COUNT - 400))).toHaveCount(0);
	expect(await log.locator('article').count()).toBeLessThan(60);

	// Sending from up there brings the reader to the end, to their message and its reply.
	await expect(jump).toBeVisible();
	await sendMessage(page, 'Sent while reading history');
	await expect(jump).toHaveCount(0);
	await expect(replyTo(page, 'Sent while reading history')).toBeInViewport();
	await expect(replyTo(page, 'Sent while reading history')).toHaveAttribute(
		'data-status',
		'complete'
	);
	await expect
		.poll(() => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop))
		.toBeLessThanOrEqual(1);
});
