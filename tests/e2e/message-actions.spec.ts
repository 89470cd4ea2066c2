/**
 * Message actions (UI contract "message actions"): Copy message puts the message's source on the
 * clipboard exactly as it was sent.
 */
import { demoReply } from '../../gateway/demo-agent';
import { expect, pairViaLink, replyTo, sendMessage, test, userMessage } from './fixtures';

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
