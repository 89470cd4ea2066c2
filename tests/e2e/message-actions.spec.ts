/**
 * Message actions (UI contract "message actions"): Copy message puts the message's source on the
 * clipboard exactly as it was sent; Reply quotes a message in the composer and the send answers it (`reply_to`).
 */
import { demoReply } from '../../gateway/demo-agent';
import { composer, expect, pairViaLink, replyTo, sendMessage, test, userMessage } from './fixtures';

test.beforeEach(async ({ context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('Copy message copies the markdown of an answer and the text of my own message', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const said = 'copy *this*\n  exactly';
	await sendMessage(page, said);
	const answer = replyTo(page, 'copy');
	await expect(answer).toHaveAttribute('data-status', 'complete');

	const copy = answer.getByRole('button', { name: 'Copy message', exact: true });
	// Revealed by pointing at the message (a mouse, no touch here).
	const actions = answer.getByRole('group', { name: 'Message actions', exact: true });
	await expect(actions).toHaveCSS('opacity', '0');
	await answer.hover();
	await expect(actions).toHaveCSS('opacity', '1');
	await copy.click();
	await expect(answer.getByRole('status')).toHaveText('Copied');
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demoReply(said.trim()));

	// By keyboard: the button takes focus (and shows), Enter copies.
	const mine = userMessage(page, 'copy');
	const copyMine = mine.getByRole('button', { name: 'Copy message', exact: true });
	await copyMine.focus();
	await expect(copyMine).toBeVisible();
	await page.keyboard.press('Enter');
	await expect(mine.getByRole('status')).toHaveText('Copied');
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(said.trim());
});

test('Reply quotes a message, sends reply_to, and the quote leads back to it', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'first question');
	const original = replyTo(page, 'first question');
	await expect(original).toHaveAttribute('data-status', 'complete');
	const originalId = await original.getAttribute('data-message-id');

	await original.hover();
	await original.getByRole('button', { name: 'Reply', exact: true }).click();
	// The composer shows what is being answered, and has the focus.
	await expect(page.getByText('Replying to', { exact: true })).toBeVisible();
	await expect(composer(page)).toBeFocused();
	// Cancel reply takes it away; Reply again brings it back.
	await page.getByRole('button', { name: 'Cancel reply', exact: true }).click();
	await expect(page.getByText('Replying to', { exact: true })).toHaveCount(0);
	await original.hover();
	await original.getByRole('button', { name: 'Reply', exact: true }).click();

	await sendMessage(page, 'a follow-up');
	const mine = userMessage(page, 'a follow-up');
	await expect(page.getByText('Replying to', { exact: true })).toHaveCount(0);
	// Outbox → worker → frame: the gateway got the id of the message answered.
	await expect
		.poll(
			() =>
				gateway
					.received()
					.filter((f) => f.type === 'message.send' && f.payload.text === 'a follow-up')
					.map((f) => (f.payload as { reply_to?: string }).reply_to),
			{ message: 'message.send.reply_to' }
		)
		.toEqual([originalId]);

	// The sent message shows what it answers; the quote goes to the original and focuses it.
	const quote = mine.getByRole('button', { name: /^In reply to: Demo reply You said/ });
	await expect(quote).toBeVisible();
	await expect(replyTo(page, 'a follow-up')).toHaveAttribute('data-status', 'complete');
	await quote.click();
	const target = page.locator(`article[data-message-id="${originalId}"]`);
	await expect(target).toBeFocused();
	await expect(target).toBeInViewport();

	// Stored with the sent message: still shown after a reload.
	await page.reload();
	await expect(
		userMessage(page, 'a follow-up').getByRole('button', { name: /^In reply to: / })
	).toBeVisible();
});
