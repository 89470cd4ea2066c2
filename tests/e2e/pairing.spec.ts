import {
	channelLink,
	composer,
	connectionStatus,
	expect,
	pairViaForm,
	pairViaLink,
	sendButton,
	startsWith,
	test
} from './fixtures';

test('pairs through the form', async ({ page, gateway }) => {
	await pairViaForm(page, gateway);

	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	const general = channelLink(page, 'General');
	await expect(general).toBeVisible();
	// The default channel is the one open after pairing.
	await expect(general).toHaveAttribute('aria-current', 'page');
	await expect(composer(page)).toBeVisible();
	await expect(sendButton(page)).toBeVisible();
});

test('pairs in one step from a pairing link and drops the secret from the URL', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.pairingLink);

	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(page).not.toHaveURL(/token=/);
	expect(page.url()).not.toContain(gateway.token);
	await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toBeHidden();
	await expect(channelLink(page, 'General')).toBeVisible();
});

test('stays paired across a reload', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await expect(page).not.toHaveURL(/token=/);

	// The URL no longer carries the pairing: whatever pairs now was persisted.
	await page.reload();

	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toBeHidden();
	await expect(composer(page)).toBeVisible();
});
