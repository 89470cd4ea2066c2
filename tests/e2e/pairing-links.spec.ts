import type { Page } from '@playwright/test';
import {
	connectionStatus,
	linkTo,
	servingAppOf,
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test,
	type Gateway
} from './fixtures';

const hostOf = (g: Gateway) => `127.0.0.1:${g.port}`;

/** A label followed by its value, as the dialog's list shows them. */
const labelled = (label: string, value: string) =>
	new RegExp(`${label}\\s*${value.replace(/\./g, '\\.')}`);

/** Whether the app's socket is open to `g` (it has accepted a connection that stays open). */
async function connectedTo(page: Page, g: Gateway): Promise<void> {
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect.poll(() => g.connectionsOpened()).toBeGreaterThanOrEqual(1);
}

test('a paired app opening a link to another gateway asks first; Cancel keeps the old one', async ({
	page,
	gateway,
	startGateway
}) => {
	const other = await startGateway(servingAppOf(gateway));
	await pairViaLink(page, gateway);
	await sendMessage(page, 'before the link');

	await page.goto(linkTo(gateway, other));
	const dialog = page.getByRole('dialog', { name: 'Switch to another gateway?' });
	await expect(dialog).toBeVisible();
	await expect(dialog).toContainText(labelled('Current gateway', hostOf(gateway)));
	await expect(dialog).toContainText(labelled('New gateway', hostOf(other)));
	// Nothing happened yet: the token is off the address bar, the new gateway was not contacted.
	expect(page.url()).not.toContain(other.token);
	expect(other.connectionsOpened()).toBe(0);
	// Cancel has the focus: a stray Enter keeps the current gateway.
	await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
	await page.keyboard.press('Enter');

	await expect(dialog).toBeHidden();
	await expect(page).not.toHaveURL(/\/pair/);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(replyTo(page, 'before the link')).toBeVisible();
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	expect(other.connectionsOpened()).toBe(0);

	// Escape cancels as well.
	await page.goto(linkTo(gateway, other));
	await expect(dialog).toBeVisible();
	await page.keyboard.press('Escape');
	await expect(dialog).toBeHidden();
	// The dialog closes at once; the way back to the chat follows. From the pairing page itself,
	// the next link would change only the fragment, and the page does not follow that.
	await expect(page).not.toHaveURL(/\/pair/);
	expect(other.connectionsOpened()).toBe(0);

	// Confirmed with the keyboard: the app switches.
	await page.goto(linkTo(gateway, other));
	await expect(dialog).toBeVisible();
	await page.keyboard.press('Tab');
	await expect(dialog.getByRole('button', { name: 'Switch gateway' })).toBeFocused();
	await page.keyboard.press('Enter');
	await connectedTo(page, other);
});

test('the same pairing link again changes nothing and asks nothing', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await page.goto(gateway.pairingLink);
	// The status shows only outside the pairing page: the link went straight back to the chat.
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(page).not.toHaveURL(/\/pair/);
	await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a link for the same gateway with another token asks to pair again', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const opened = gateway.connectionsOpened();
	await page.goto(`${gateway.httpUrl}/pair#url=${encodeURIComponent(gateway.wsUrl)}&token=other`);
	const dialog = page.getByRole('dialog', { name: 'Pair again with this gateway?' });
	await expect(dialog).toBeVisible();
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// Still the stored token: the next connection (a reload) is accepted.
	await page.reload();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	expect(gateway.connectionsOpened()).toBeGreaterThan(opened);
});

test('a first pairing with a gateway on another host shows the host before connecting', async ({
	page,
	gateway,
	startGateway
}) => {
	const other = await startGateway(servingAppOf(gateway));
	await page.goto(linkTo(gateway, other));
	const dialog = page.getByRole('dialog', { name: 'Connect to this gateway?' });
	await expect(dialog).toBeVisible();
	await expect(dialog).toContainText(labelled('Gateway', hostOf(other)));
	expect(other.connectionsOpened()).toBe(0);
	await dialog.getByRole('button', { name: 'Connect' }).click();
	await connectedTo(page, other);
});

test("a link to the app's own pairing page inside a message is text, not a link", async ({
	page,
	gateway,
	startGateway
}) => {
	const other = await startGateway(servingAppOf(gateway));
	await pairViaLink(page, gateway);
	const bait = linkTo(gateway, other);
	// The demo agent quotes the user's markdown: the answer holds the bait as a link and as text.
	await sendMessage(page, `Click [here](${bait}) or ${bait}`);
	const reply = replyTo(page, 'Click');
	await expect(reply).toHaveAttribute('data-status', 'complete');
	await expect(reply).toContainText('here');
	await expect(reply.getByRole('link', { name: 'here' })).toHaveCount(0);
	await expect(reply.locator('a[href*="/pair"]')).toHaveCount(0);
	await expect(reply).toContainText(`${gateway.httpUrl}/pair#url=`);
});

test('a whole pairing link entered over the "incomplete" page pairs', async ({ page, gateway }) => {
	// A link cut short (no token), as a chat app or a line break can leave it.
	const cut = gateway.pairingLink.replace(/&token=[^&]*/, '');
	await page.goto(cut);
	await expect(page.getByRole('alert')).toContainText('incomplete');
	// The whole link in the same tab: only the fragment differs, so the browser does not load the
	// page again (a same-document navigation).
	await page.goto(gateway.pairingLink);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await expect(page).not.toHaveURL(/\/pair/);
});
