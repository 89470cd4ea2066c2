import {
	composer,
	connectionStatus,
	expect,
	lastArticle,
	pairViaLink,
	sendMessage,
	startsWith,
	test
} from './fixtures';

test('approval: answered once from its dialog, the turn continues, the choice stays after reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo approval');
	const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
	await expect(dialog).toContainText('rm -rf build/');
	await expect(dialog).toContainText('Delete the build output folder');
	await expect(dialog.getByRole('button')).toHaveText([
		'Allow once',
		'Allow for this session',
		'Always allow',
		'Deny'
	]);
	// Screen readers hear that a question waits; the question took the focus, on the dialog
	// itself, not on a choice.
	await expect(page.locator('.sr-only[aria-live="assertive"]')).toHaveText(
		'Hermes needs your answer: Approval required'
	);
	await expect(dialog).toBeFocused();

	const from = gateway.output.length;
	await dialog.getByRole('button', { name: 'Allow once', exact: true }).click();
	await gateway.waitForLine(
		/^\[gateway\] picker\.select \{"picker_id":"p_[^"]+","value":"once"\}$/,
		{
			from
		}
	);
	await expect(dialog).toBeHidden();
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText('Approved (once)');
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(answer).toContainText('you chose: Allow once');

	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Allow once');
	await expect(page.getByRole('dialog')).toHaveCount(0);
	// Answered once only: one picker.select reached the gateway.
	expect(gateway.output.filter((l) => l.startsWith('[gateway] picker.select')).length).toBe(1);
});

test('an open picker survives a reload until answered', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo confirm');
	const dialog = page.getByRole('dialog', { name: 'Reset the conversation?', exact: true });
	await expect(dialog).toContainText('The agent forgets this chat.');
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// The agent's state comes back too: it waits for the answer, and can be stopped.
	await expect(page.getByText('Hermes is waiting for your answer')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
	await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('Nothing was reset.');
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Cancel');
});

test('an approval that appears while the person is typing is not answered by their next keys', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await composer(page).focus();
	await page.keyboard.type('/demo approval');
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
	await expect(dialog).toBeFocused();
	// Still typing a follow-up: spaces and Enter land on the dialog, not on "Allow once".
	const from = gateway.output.length;
	await page.keyboard.type('ok and also ');
	await page.keyboard.press('Enter');
	await page.keyboard.press('Space');
	await expect(dialog).toBeVisible();
	await expect(dialog.getByRole('button', { name: 'Allow once', exact: true })).toBeEnabled();
	// A deliberate answer: Tab to the first choice, Enter.
	await page.keyboard.press('Tab');
	await expect(dialog.getByRole('button', { name: 'Allow once', exact: true })).toBeFocused();
	await page.keyboard.press('Enter');
	const line = await gateway.waitForLine(/^\[gateway\] picker\.select /, { from });
	expect(line).toContain('"value":"once"');
	expect(
		gateway.output.slice(from).filter((l) => l.startsWith('[gateway] picker.select'))
	).toHaveLength(1);
});

test('Stop while an approval waits: the question closes with its turn, and stays closed after a reload', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo approval');
	const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
	await expect(dialog).toBeVisible();
	await page.getByRole('button', { name: 'Stop', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await expect(page.getByRole('dialog', { name: 'Approval required', exact: true })).toHaveCount(0);
});

test('a device paired while a question waits shows it and can answer it', async ({
	browser,
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo approval');
	await expect(page.getByRole('dialog', { name: 'Approval required', exact: true })).toBeVisible();

	const later = await browser.newContext();
	try {
		const phone = await later.newPage();
		await pairViaLink(phone, gateway);
		const dialog = phone.getByRole('dialog', { name: 'Approval required', exact: true });
		await expect(dialog).toContainText('rm -rf build/');
		await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
		await expect(dialog).toBeHidden();
		await expect(page.getByRole('dialog', { name: 'Approval required', exact: true })).toBeHidden();
	} finally {
		await later.close();
	}
});

test('answering from the sheet keeps the log at the end: no "Jump to latest", not even for a frame', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	// Enough to scroll: the log's end is what the reader was looking at.
	for (let i = 0; i < 4; i += 1)
		await sendMessage(page, `Filler ${i}: ${'lorem ipsum '.repeat(40)}`);
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	await sendMessage(page, '/demo approval');
	const dialog = page.getByRole('dialog', { name: 'Approval required', exact: true });
	await expect(dialog).toBeVisible();
	// Every insertion of the button is seen, however briefly it stays.
	await page.evaluate(() => {
		const seen = { count: 0 };
		Object.assign(window, { jumpShown: seen });
		new MutationObserver(() => {
			const shown = [...document.querySelectorAll('button')].some(
				(b) =>
					b.getAttribute('aria-label') === 'Jump to latest' ||
					b.textContent?.trim() === 'Jump to latest'
			);
			if (shown) seen.count += 1;
		}).observe(document.body, { subtree: true, childList: true });
	});
	await dialog.getByRole('button', { name: 'Allow once', exact: true }).click();
	// The sheet closing grows the log: the browser moves the offset, which is not the reader's.
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Allow once');
	await expect(lastArticle(page, 'assistant')).toHaveAttribute('data-status', 'complete');
	expect(
		await page.evaluate(
			() => (window as unknown as { jumpShown: { count: number } }).jumpShown.count
		)
	).toBe(0);
});
