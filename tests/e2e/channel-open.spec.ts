import { channelLink, composer, expect, messageLog, pairViaLink, test } from './fixtures';
import { seedStore } from './seed';

/** The newest seeded message of `chat_id` (3 rows each). */
const newest = (chat_id: string) => `article[data-message-id="seed-${chat_id}-2"]`;

test.describe('opening a channel from the sidebar', () => {
	test.beforeEach(async ({ page, gateway }) => {
		await pairViaLink(page, gateway);
		await seedStore(page, [
			{ chat_id: 'default', name: 'General', count: 3 },
			{ chat_id: 'second', name: 'Second', count: 3 }
		]);
		await page.reload();
		await expect(messageLog(page).locator(newest('default'))).toBeVisible();
	});

	test('a click navigates at once, not after the next frame (SvelteKit waits for one)', async ({
		page
	}) => {
		const navigatedAfterFrame = await channelLink(page, 'Second').evaluate(
			(link) =>
				new Promise<boolean>((resolve, reject) => {
					let framed = false;
					requestAnimationFrame(() => (framed = true));
					const push = history.pushState.bind(history);
					history.pushState = (...args: Parameters<History['pushState']>) => {
						history.pushState = push;
						push(...args);
						resolve(framed);
					};
					setTimeout(() => reject(new Error('no navigation within 10 s')), 10_000);
					(link as HTMLAnchorElement).click();
				})
		);
		expect(navigatedAfterFrame).toBe(false);
		await expect(page).toHaveURL(/\/chat\/second$/);
		await expect(messageLog(page).locator(newest('second'))).toBeVisible();
	});

	for (const modifier of ['ControlOrMeta', 'Shift'] as const) {
		test(`a ${modifier}-click is left to the browser: the channel opens in a new tab or window`, async ({
			page,
			context
		}) => {
			const opened = context.waitForEvent('page');
			await channelLink(page, 'Second').click({ modifiers: [modifier] });
			const tab = await opened;
			await expect(tab).toHaveURL(/\/chat\/second$/);
			await expect(messageLog(page).locator(newest('default'))).toBeVisible();
			expect(new URL(page.url()).pathname).toBe('/chat/default');
		});
	}

	test('Enter on a focused channel opens it', async ({ page }) => {
		await channelLink(page, 'Second').focus();
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(/\/chat\/second$/);
		await expect(messageLog(page).locator(newest('second'))).toBeVisible();
	});

	test('at phone width, picking another channel in the drawer opens it and closes the drawer', async ({
		page
	}) => {
		await page.setViewportSize({ width: 390, height: 844 });
		const toggle = page.getByRole('button', { name: 'Channels' });
		await toggle.click();
		await expect(toggle).toHaveAttribute('aria-expanded', 'true');
		await channelLink(page, 'Second').click();
		await expect(toggle).toHaveAttribute('aria-expanded', 'false');
		await expect(page).toHaveURL(/\/chat\/second$/);
		await expect(messageLog(page).locator(newest('second'))).toBeVisible();
		await expect(composer(page)).toBeVisible();
	});
});
