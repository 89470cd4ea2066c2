import {
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
	// Screen readers hear that a question waits; the question took the focus.
	await expect(page.locator('.sr-only[aria-live="assertive"]')).toHaveText(
		'Hermes needs your answer: Approval required'
	);
	await expect(dialog.getByRole('button', { name: 'Allow once' })).toBeFocused();

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
