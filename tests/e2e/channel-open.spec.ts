import { channelLink, expect, messageLog, pairViaLink, test } from './fixtures';
import { seedStore } from './seed';

test.describe('opening a channel from the sidebar', () => {
	test.beforeEach(async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await seedStore(page, [
			{ chat_id: 'default', name: 'General', count: 3 },
			{ chat_id: 'second', name: 'Second', count: 3 }
		]);
		await page.reload();
		await expect(
			messageLog(page).locator('article[data-message-id="seed-default-2"]')
		).toBeVisible();
	});

	test('a click navigates in its own task, without waiting for a frame first', async ({ page }) => {
		const seen = await page.evaluate(async () => {
			const link = [...document.querySelectorAll<HTMLAnchorElement>('a')].find(
				(a) => a.textContent === 'Second'
			)!;
			let framed = false;
			requestAnimationFrame(() => (framed = true));
			let pushedAfterFrame: boolean | undefined;
			const push = history.pushState.bind(history);
			history.pushState = (...args: Parameters<History['pushState']>) => {
				pushedAfterFrame ??= framed;
				push(...args);
			};
			link.click();
			// Only microtasks: no task, no frame, can run before this returns.
			for (let i = 0; i < 1_000 && pushedAfterFrame === undefined; i++) await Promise.resolve();
			return { pushedAfterFrame, path: location.pathname };
		});
		expect(seen).toEqual({ pushedAfterFrame: false, path: '/chat/second' });
		await expect(
			messageLog(page).locator('article[data-message-id="seed-second-2"]')
		).toBeVisible();
	});

	test('a click with a modifier is left to the browser: the channel opens in a new tab', async ({
		page,
		context
	}) => {
		const opened = context.waitForEvent('page');
		await channelLink(page, 'Second').click({ modifiers: ['ControlOrMeta'] });
		const tab = await opened;
		await expect(tab).toHaveURL(/\/chat\/second$/);
		await expect(
			messageLog(page).locator('article[data-message-id="seed-default-2"]')
		).toBeVisible();
		expect(new URL(page.url()).pathname).toBe('/chat/default');
	});

	test('Enter on a focused channel opens it', async ({ page }) => {
		await channelLink(page, 'Second').focus();
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(/\/chat\/second$/);
		await expect(
			messageLog(page).locator('article[data-message-id="seed-second-2"]')
		).toBeVisible();
	});
});
