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

test('the page address the gateway prints pairs too: the form turns it into the socket URL', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.httpUrl);
	const url = page.getByRole('textbox', { name: 'Gateway URL', exact: true });
	// The example is this gateway's own socket URL.
	await expect(url).toHaveAttribute('placeholder', gateway.wsUrl);
	await url.fill(gateway.httpUrl);
	await page.getByRole('textbox', { name: 'Token', exact: true }).fill(gateway.token);
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
});

test('an empty address pairs with the one it shows (this gateway); a missing token marks its field', async ({
	page,
	gateway
}) => {
	await page.goto(gateway.httpUrl);
	const url = page.getByRole('textbox', { name: 'Gateway URL', exact: true });
	const token = page.getByRole('textbox', { name: 'Token', exact: true });
	await expect(url).toHaveValue('');
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
	// The error names its field, which takes the focus.
	await expect(token).toBeFocused();
	await expect(token).toHaveAttribute('aria-invalid', 'true');
	await expect(token).toHaveAccessibleDescription(/^Enter the token/);
	await expect(url).toHaveAttribute('aria-invalid', 'false');
	await token.fill(gateway.token);
	await page.getByRole('button', { name: 'Connect', exact: true }).click();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
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

	// Every text the connection status shows while the app starts again, in order.
	await page.addInitScript(() => {
		const shown: string[] = [];
		(window as unknown as { statusTexts: string[] }).statusTexts = shown;
		new MutationObserver(() => {
			const text = document
				.querySelector('[role="status"][aria-label="Connection"]')
				?.textContent?.trim();
			if (text && shown.at(-1) !== text) shown.push(text);
		}).observe(document, { subtree: true, childList: true, characterData: true });
	});
	// The URL no longer carries the pairing: whatever pairs now was persisted.
	await page.reload();

	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toBeHidden();
	await expect(composer(page)).toBeVisible();
	// Paired all along: the status never says otherwise while the connection starts.
	const shown = await page.evaluate(
		() => (window as unknown as { statusTexts: string[] }).statusTexts
	);
	expect(shown.length).toBeGreaterThan(0);
	expect(shown.filter((text) => /not paired/.test(text))).toEqual([]);
});
