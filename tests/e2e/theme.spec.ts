import { expect, pairViaLink, test } from './fixtures';

test('the theme switch applies at once, sets data-theme and the title bar colour, and survives a reload', async ({
	page,
	gateway
}) => {
	await page.emulateMedia({ colorScheme: 'light' });
	await pairViaLink(page, gateway);
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Appearance', exact: true })).toBeVisible();
	const group = page.getByRole('group', { name: 'Theme', exact: true });
	const html = page.locator('html');
	const background = () =>
		page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
	const titleBar = () =>
		page.evaluate(() =>
			[...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => [
				m.content,
				m.getAttribute('media')
			])
		);

	// Nothing chosen yet: System, which follows the (light) preference.
	await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
	await expect(html).not.toHaveAttribute('data-theme');
	const light = await background();

	await group.getByRole('radio', { name: 'Dark' }).check();
	await expect(html).toHaveAttribute('data-theme', 'dark');
	expect(await background()).not.toBe(light);
	expect(await titleBar()).toEqual([['#16171d', null]]);

	await page.reload();
	await expect(
		page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })
	).toBeChecked();
	await expect(html).toHaveAttribute('data-theme', 'dark');
	expect(await titleBar()).toEqual([['#16171d', null]]);

	// Back to System: the attribute goes, the OS preference decides again.
	await page.getByRole('radio', { name: 'System' }).check();
	await expect(html).not.toHaveAttribute('data-theme');
	expect(await background()).toBe(light);
	await page.emulateMedia({ colorScheme: 'dark' });
	expect(await background()).not.toBe(light);
	await page.reload();
	await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
	await expect(html).not.toHaveAttribute('data-theme');
});
