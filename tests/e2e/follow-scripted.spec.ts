import { expect, messageLog, pairViaLink, test } from './fixtures';
import { settled } from './log-walk';
import { seedStore } from './seed';

const COUNT = 200;
const article = (i: number) => `article[data-message-id="seed-default-${i}"]`;

test('a scroll made without wheel, touch or keys (a script, find in page) stays where it went', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await seedStore(page, [{ chat_id: 'default', name: 'General', count: COUNT }]);
	await page.reload();
	const log = messageLog(page);
	await expect(log.locator(article(COUNT - 1))).toBeInViewport();
	// The rows in view measured: a scroll while they still change the log's height comes with a
	// new height, which is layout's (the end-follower rightly takes the view back then).
	await settled(page);
	const jump = page.getByRole('button', { name: 'Jump to latest' });
	await expect(jump).toHaveCount(0);
	const fromEnd = () => log.evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

	// `element.scrollBy`, as assistive technology or an extension scrolls: nothing is streaming,
	// and the end-follower must not undo it.
	await log.evaluate((el) => el.scrollBy({ top: -800 }));
	await expect(jump).toBeVisible();
	await expect(log.locator(article(COUNT - 1))).not.toBeInViewport();
	// Well away from the end, not followed back to it. Not the whole 800 px: rows that render
	// and get measured as the view moves can be shorter than estimated, which shortens the way
	// to the end (544 px once on a loaded machine).
	expect(await fromEnd()).toBeGreaterThan(300);
	// Two frames later (layout settled, rows measured) the view is still there.
	await log.evaluate(
		() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
	);
	expect(await fromEnd()).toBeGreaterThan(300);

	// Back at the end, `scrollIntoView` on an earlier message (find in page does this) stays too.
	await jump.click();
	await expect(jump).toHaveCount(0);
	await expect.poll(fromEnd).toBeLessThanOrEqual(1);
	// The oldest row rendered (virtua renders a few above the view), brought to the middle.
	const id = await log.locator('article').first().getAttribute('data-message-id');
	expect(id).not.toBe(`seed-default-${COUNT - 1}`);
	const earlier = log.locator(`article[data-message-id="${id}"]`);
	await earlier.evaluate((el) => el.scrollIntoView({ block: 'center' }));
	await expect(jump).toBeVisible();
	await log.evaluate(
		() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
	);
	await expect(earlier).toBeInViewport();
	expect(await fromEnd()).toBeGreaterThan(48);
});
