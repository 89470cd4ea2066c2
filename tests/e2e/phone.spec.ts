import { channelLink, composer, expect, pairViaLink, replyTo, sendMessage, test } from './fixtures';

test.use({ viewport: { width: 390, height: 800 } });

test('at phone width the chat fits the screen and the channel list opens from a button', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const text = 'A phone-width message long enough to need wrapping on a narrow screen';
	await sendMessage(page, text);
	await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');

	// Wide code blocks and tables scroll inside the bubble; the page itself never scrolls sideways.
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth
	);
	expect(overflow).toBe(0);
	await expect(composer(page)).toBeInViewport();
	// The message field stays a usable width and one line tall beside (or under) the buttons.
	const field = await composer(page).boundingBox();
	expect(field?.width).toBeGreaterThan(200);
	expect(field?.height).toBeLessThan(80);

	// The sidebar is folded away behind a button, and the button opens it.
	await expect(channelLink(page, 'General')).toBeHidden();
	const toggle = page.getByRole('button', { name: 'Channels' });
	await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	await toggle.click();
	await expect(toggle).toHaveAttribute('aria-expanded', 'true');
	await expect(channelLink(page, 'General')).toBeVisible();
	await channelLink(page, 'General').click();
	await expect(toggle).toHaveAttribute('aria-expanded', 'false');
	await expect(composer(page)).toBeVisible();
});

test('a very long channel name fits at phone width: sidebar, header and search filters', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const name = 'Quarterly planning for the infrastructure migration and everything around it';
	await page.getByRole('button', { name: 'Channels' }).click();
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(page.getByRole('heading', { name })).toBeVisible();
	const pageOverflow = () =>
		page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth
		);
	expect(await pageOverflow()).toBe(0);
	// The channel's actions are still on screen beside (or under) the long title.
	await expect(page.getByRole('button', { name: 'Channel actions', exact: true })).toBeInViewport();

	// In the sidebar the name is cut with an ellipsis; its link keeps the full name.
	await page.getByRole('button', { name: 'Channels' }).click();
	const link = channelLink(page, name);
	await expect(link).toBeVisible();
	const fits = await link.evaluate(
		(a) => a.scrollWidth > a.clientWidth && a.getBoundingClientRect().right <= window.innerWidth
	);
	expect(fits).toBe(true);
	await link.click();

	// The search dialog's filters (whose "Where" lists the long name) stay within the screen.
	await page.keyboard.press('Control+K');
	const where = page.getByRole('combobox', { name: 'Where' });
	await expect(where).toBeVisible();
	for (const control of [
		where,
		page.getByLabel('From', { exact: true }),
		page.getByLabel('To', { exact: true })
	]) {
		const box = await control.boundingBox();
		expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
	}
	expect(await pageOverflow()).toBe(0);
});
