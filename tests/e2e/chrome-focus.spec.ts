import { channelAction, channelLink, composer, expect, pairViaLink, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

test('on a desktop the message field has the focus when the chat loads', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(composer(page)).toBeFocused();
	await page.reload();
	await expect(composer(page)).toBeFocused();
});

test('a channel created with the keyboard is ready to type in: the focus is in its composer', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// The chat is open (pairing lands on "/" first, then opens it): its composer has the focus.
	await expect(composer(page)).toBeFocused();
	await page.getByRole('button', { name: 'New channel', exact: true }).focus();
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
	await page.keyboard.type('Keyboard');
	await page.keyboard.press('Enter');
	await expect(dialog).toBeHidden();
	await expect(channelLink(page, 'Keyboard')).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toBeFocused();
	// Typing goes into the message, not to "New channel" (a Space would press it).
	await page.keyboard.type('hello there');
	await expect(composer(page)).toHaveValue('hello there');
	await expect(page.getByRole('dialog', { name: 'New channel', exact: true })).toBeHidden();
});

test('after deleting a channel the focus is in the composer of the channel shown, not lost', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await page.getByRole('button', { name: 'New channel', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: 'New channel', exact: true });
	await dialog.getByRole('textbox', { name: 'Name' }).fill('Doomed');
	await dialog.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(channelLink(page, 'Doomed')).toHaveAttribute('aria-current', 'page');

	await channelAction(page, 'Delete');
	const confirm = page.getByRole('dialog', { name: /^Delete channel “Doomed”/ });
	await confirm.getByRole('button', { name: 'Delete', exact: true }).press('Enter');
	await expect(channelLink(page, 'Doomed')).toHaveCount(0);
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toBeFocused();
	expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});
