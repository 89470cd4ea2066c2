import { channelAction, channelLink, expect, pairViaLink, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The default channel this device remembers for `/` (platform/home-chat.ts). */
const remembered = (page: Page) => page.evaluate(() => localStorage.getItem('iris.home-chat'));

test('`/` opens the remembered default channel at once; the memory follows the store and unpairing', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await expect.poll(() => remembered(page)).toBe('default');

	// Another default: the memory follows what the store says.
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill('Work');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, 'Work')).toHaveAttribute('aria-current', 'page');
	await channelAction(page, 'Make default');
	await expect(page.getByText('Default', { exact: true })).toBeVisible();
	const workId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
	expect(workId).not.toBe('default');
	await expect.poll(() => remembered(page)).toBe(workId);

	// `/` goes where the memory says before the store is read: a stale memory (General) shows
	// General, where the home route would have waited for the store and redirected to Work.
	await page.evaluate(() => localStorage.setItem('iris.home-chat', 'default'));
	await page.goto(gateway.httpUrl);
	await expect(page).toHaveURL(/\/chat\/default$/);
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	// ...and the store corrects it for the next start.
	await expect.poll(() => remembered(page)).toBe(workId);
	await page.goto(gateway.httpUrl);
	await expect(channelLink(page, 'Work')).toHaveAttribute('aria-current', 'page');
	await expect(page).toHaveURL((url) =>
		url.pathname.endsWith(`/chat/${encodeURIComponent(workId)}`)
	);

	// Forgetting the gateway forgets it: `/` shows the pairing form again.
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await page.getByRole('button', { name: 'Forget this device', exact: true }).click();
	const forget = page.getByRole('dialog', { name: 'Forget this gateway on this device?' });
	await forget.getByRole('button', { name: 'Forget', exact: true }).click();
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await expect.poll(() => remembered(page)).toBeNull();
	await page.goto(gateway.httpUrl);
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await expect(page).toHaveURL(/\/$/);
});

test('a remembered channel without a stored pairing (storage lost) ends on `/` with the pairing form', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.httpUrl);
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await page.evaluate(() => localStorage.setItem('iris.home-chat', 'default'));
	await page.goto(gateway.httpUrl);
	await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
	await expect(page).toHaveURL(/\/$/);
	await expect.poll(() => remembered(page)).toBeNull();
});
