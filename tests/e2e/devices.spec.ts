import {
	channelLink,
	composer,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	test,
	userMessage,
	channelAction
} from './fixtures';
import type { Page } from '@playwright/test';

test.use({ gatewayOptions: { stepMs: 40 } });

/** The unread badge of the channel named `name` in the sidebar. */
const unread = (page: Page, name: string) =>
	page
		.getByRole('navigation', { name: 'Channels', exact: true })
		.getByRole('listitem')
		.filter({ has: page.getByRole('link', { name, exact: true }) })
		.locator('[data-unread]');

test('two devices: a rename and a read receipt on one show on the other', async ({
	browser,
	gateway
}) => {
	const contextA = await browser.newContext();
	const contextB = await browser.newContext();
	try {
		const a = await contextA.newPage();
		const b = await contextB.newPage();
		await pairViaLink(a, gateway);
		await pairViaLink(b, gateway);

		// A creates a channel; B sees it.
		await a.getByRole('button', { name: 'New channel', exact: true }).click();
		const dialog = a.getByRole('dialog', { name: 'New channel' });
		await dialog.getByRole('textbox', { name: 'Name' }).fill('Side');
		await dialog.getByRole('button', { name: 'Create' }).click();
		await expect(channelLink(a, 'Side')).toHaveAttribute('aria-current', 'page');
		await expect(channelLink(b, 'Side')).toBeVisible();

		// A writes in Side and leaves before the reply is complete: both devices have it unread.
		await composer(a).fill('ping from A');
		await composer(a).press('Enter');
		await expect(userMessage(a, 'ping from A')).toBeVisible();
		await channelLink(a, 'General').click();
		await expect(unread(b, 'Side')).toHaveAttribute('data-unread', '1');
		await expect(unread(b, 'Side')).toContainText('1 unread');
		await expect(unread(a, 'Side')).toHaveAttribute('data-unread', '1');

		// A reads it: A sends read.receipt, B's count clears.
		await channelLink(a, 'Side').click();
		await expect(replyTo(a, 'ping from A')).toHaveAttribute('data-status', 'complete');
		await expect(unread(b, 'Side')).toHaveCount(0);
		// The open channel never shows a badge; away from it, A's read mark keeps it cleared.
		await channelLink(a, 'General').click();
		await expect(channelLink(a, 'General')).toHaveAttribute('aria-current', 'page');
		await expect(unread(a, 'Side')).toHaveCount(0);
		await channelLink(a, 'Side').click();
		await expect(channelLink(a, 'Side')).toHaveAttribute('aria-current', 'page');
		const reply = await replyTo(a, 'ping from A').getAttribute('data-message-id');
		const receipts = gateway.received().filter((f) => f.type === 'read.receipt');
		expect(receipts.at(-1)?.payload).toEqual({
			chat_id: expect.stringMatching(/^chan_/),
			message_id: reply
		});

		// A renames it; B's sidebar follows.
		await channelAction(a, 'Rename');
		const rename = a.getByRole('dialog', { name: 'Rename channel' });
		await rename.getByRole('textbox', { name: 'Name' }).fill('Side quest');
		await rename.getByRole('button', { name: 'Rename' }).click();
		await expect(channelLink(b, 'Side quest')).toBeVisible();
		await expect(channelLink(b, 'Side')).toHaveCount(0);
		// B, on General, also got a toast about it.
		await expect(
			b
				.getByRole('status', { name: 'Notifications' })
				.getByRole('link', { name: /^Channel renamed to Side quest/ })
		).toBeVisible();
		await expect(messageLog(b)).toBeVisible();

		// B is in the channel when A deletes it: B lands on the default channel.
		await channelLink(b, 'Side quest').click();
		await expect(replyTo(b, 'ping from A')).toBeVisible();
		await channelAction(a, 'Delete');
		await a
			.getByRole('dialog', { name: /^Delete channel/ })
			.getByRole('button', { name: 'Delete' })
			.click();
		await expect(channelLink(b, 'Side quest')).toHaveCount(0);
		await expect(channelLink(b, 'General')).toHaveAttribute('aria-current', 'page');
		await expect(replyTo(b, 'ping from A')).toHaveCount(0);
	} finally {
		await contextA.close();
		await contextB.close();
	}
});
