import { composer, connectionStatus, expect, pairViaLink, startsWith, test } from './fixtures';
import type { Page } from '@playwright/test';

/** How many slash commands the app cached in IndexedDB (`iris`, store `commands`). */
const storedCommands = (page: Page) =>
	page.evaluate(
		() =>
			new Promise<number>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const count = open.result.transaction('commands').objectStore('commands').count();
					count.onsuccess = () => {
						open.result.close();
						resolve(count.result);
					};
					count.onerror = () => reject(count.error);
				};
			})
	);

const listbox = (page: Page) => page.getByRole('listbox');
const option = (page: Page, command: string) =>
	page.getByRole('option', { name: new RegExp(`^${command.replace('/', '\\/')}\\b`) });

test('typing / opens the command list; arrows, Enter, Tab and Escape work', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// The catalog is fetched after hello.ack.
	await expect.poll(() => gateway.received().some((f) => f.type === 'commands.catalog')).toBe(true);
	const box = composer(page);
	await box.click();
	await box.pressSequentially('/mo');
	await expect(listbox(page)).toBeVisible();
	await expect(option(page, '/model')).toHaveAttribute('aria-selected', 'true');
	await expect(box).toHaveAttribute('aria-activedescendant', /slash-options-0/);
	// The gateway is asked to complete the prefix too.
	await expect
		.poll(() =>
			gateway.received().flatMap((f) => (f.type === 'commands.complete' ? [f.payload.prefix] : []))
		)
		.toContain('/mo');
	// Enter picks (and does not send).
	await box.press('Enter');
	await expect(box).toHaveValue('/model ');
	await expect(listbox(page)).toBeHidden();
	await expect(page.locator('article[data-role="user"]')).toHaveCount(0);

	// Several matches: ArrowDown moves, ArrowUp wraps, Tab picks.
	await box.fill('');
	await box.pressSequentially('/demo c');
	await expect(option(page, '/demo cron')).toBeVisible();
	const names = await page.getByRole('option').allTextContents();
	expect(names.length).toBeGreaterThanOrEqual(2);
	await box.press('ArrowDown');
	await expect(page.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
	await box.press('ArrowUp');
	await box.press('ArrowUp');
	const last = page.getByRole('option').last();
	await expect(last).toHaveAttribute('aria-selected', 'true');
	const lastName = ((await last.locator('.name').textContent()) ?? '').trim();
	await box.press('Tab');
	await expect(box).toHaveValue(`${lastName} `);
	await expect(box).toBeFocused();

	// Escape closes without changing the text; Enter then sends as usual.
	await box.fill('');
	await box.pressSequentially('/he');
	await expect(option(page, '/help')).toBeVisible();
	await box.press('Escape');
	await expect(listbox(page)).toBeHidden();
	await expect(box).toHaveValue('/he');

	// A command typed in full, with longer ones listed after it: it is highlighted first and
	// Enter sends it (the list does not pick it again).
	await box.fill('');
	await box.pressSequentially('/demo');
	await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
	await expect(page.getByRole('option').first().locator('.name')).toHaveText('/demo');
	await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(5);
	await box.press('Enter');
	await expect(box).toHaveValue('');
	await expect(listbox(page)).toBeHidden();
	await expect(page.locator('article[data-role="user"]')).toHaveText(/^\s*\/demo\s+\d/);
	await expect(page.locator('article[data-role="assistant"]')).toContainText('/demo slow');

	// "/" alone lists every command (the list scrolls); ArrowUp wraps to the last, kept in view.
	await box.fill('');
	await box.pressSequentially('/');
	await expect(listbox(page)).toBeVisible();
	await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(12);
	await expect(page.getByRole('option').last()).not.toBeInViewport();
	await box.press('ArrowUp');
	await expect(page.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
	await expect(page.getByRole('option').last()).toBeInViewport();
});

test('the cached catalog completes offline', async ({ page, gateway, startGateway }) => {
	await pairViaLink(page, gateway);
	await expect.poll(() => gateway.received().some((f) => f.type === 'commands.catalog')).toBe(true);
	// Stored before the gateway goes: the answer can still be on its way when the request is seen.
	await expect.poll(() => storedCommands(page)).toBeGreaterThan(0);
	await gateway.kill();
	// Same origin (same IndexedDB), app files only: every WebSocket is refused.
	await startGateway({ port: gateway.port, token: gateway.token, staticOnly: true });
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(
		startsWith('Reconnecting', 'Offline', 'Connecting')
	);
	await composer(page).click();
	await composer(page).pressSequentially('/us');
	await expect(option(page, '/usage')).toBeVisible();
});
