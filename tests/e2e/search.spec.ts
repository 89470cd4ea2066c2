import {
	channelLink,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendMessage,
	test
} from './fixtures';

test('Ctrl+K opens server search; a hit jumps to its message, loading history when needed', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'the <b>zebra</b> crossing');
	await expect(replyTo(page, 'zebra')).toHaveAttribute('data-status', 'complete');
	// Old messages that only the gateway has.
	await sendMessage(page, '/demo history 120');

	await page.keyboard.press('Control+K');
	const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
	await expect(box).toBeFocused();
	await box.fill('zebra');
	await box.press('Enter');
	const results = page.getByRole('list', { name: 'Search results' });
	const userHit = results
		.getByRole('button')
		.filter({ hasText: 'the <b>zebra</b> crossing' })
		.first();
	await expect(userHit).toBeVisible();
	// The match is highlighted; the snippet's markup is text, not HTML.
	await expect(userHit.locator('mark').first()).toHaveText('zebra');
	await expect(userHit.locator('b')).toHaveCount(0);
	// The hit may be the local index's; the gateway is asked right after it shows.
	await expect
		.poll(() => gateway.received().find((f) => f.type === 'search')?.payload)
		.toEqual({ query: 'zebra', scope: 'all' });

	// An answer's snippet reads as rendered markdown: `## Demo reply` and the `> ` quote of the
	// message lose their syntax; the HTML typed in the message stays the text it is, as in the chat.
	await box.fill('demo reply');
	await box.press('Enter');
	const answerHit = results.getByRole('button').filter({ hasText: /^Demo reply You said: the/ });
	await expect(answerHit).toHaveCount(1);
	await expect(answerHit).not.toContainText('#');
	await expect(answerHit).toContainText('Demo reply You said: the <b>zebra</b>');

	// A hit far back in history: not stored on this device yet.
	await box.fill('message 3 of 120');
	await box.press('Enter');
	const oldHit = results.getByRole('button').filter({ hasText: 'Old message 3 of 120' });
	await expect(oldHit).toBeVisible();
	await expect(oldHit.locator('mark')).toHaveText(['message', '3', 'of', '120']);
	const hitId = await oldHit.getAttribute('data-message-id');
	await oldHit.click();
	await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();

	const target = messageLog(page).locator(`article[data-message-id="${hitId}"]`);
	await expect(target).toHaveAttribute('data-highlighted', 'true');
	await expect(target).toBeInViewport();
	await expect(target).toContainText('Old message 3 of 120');
	await expect(channelLink(page, 'General')).toHaveAttribute('aria-current', 'page');
	// It took history pages to reach it.
	const pages = gateway
		.received()
		.filter((f) => f.type === 'history' && f.payload.before_message_id);
	expect(pages.length).toBeGreaterThanOrEqual(2);
});

test('search in this channel only sends the channel scope', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'a needle here');
	await page.getByRole('button', { name: 'Search', exact: true }).click();
	await page.getByRole('combobox', { name: 'Where' }).selectOption('chat');
	const box = page.getByRole('searchbox', { name: 'Search messages', exact: true });
	await box.fill('needle');
	await box.press('Enter');
	await expect(
		page.getByRole('list', { name: 'Search results' }).getByRole('button').first()
	).toBeVisible();
	// The local hit shows first; the gateway is asked right after.
	await expect
		.poll(() =>
			gateway
				.received()
				.filter((f) => f.type === 'search')
				.at(-1)
		)
		.toMatchObject({ chat_id: 'default', payload: { query: 'needle', scope: 'chat' } });
	await page.keyboard.press('Escape');
	await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
});
