/**
 * Cancel and Edit of a message still in the outbox (UI contract "message actions"), checked at
 * the gateway: after a Cancel it never gets the message, after an Edit it gets the final text
 * once and never the old one; a message the gateway already has offers neither. A message sent
 * while the agent is busy waits in the outbox until the turn ends, so it can be cancelled too.
 */
import type { Locator, Page } from '@playwright/test';
import {
	composer,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	replyTo,
	sendButton,
	sendMessage,
	startsWith,
	test,
	userMessage,
	type Gateway
} from './fixtures';
import { hook } from './faults';

test.use({ gatewayOptions: { testHooks: true, stepMs: 5 } });

/** The texts of the `message.send`s the gateway received, in order. */
function sentTexts(gateway: Gateway): string[] {
	return gateway
		.received()
		.flatMap((f) => (f.type === 'message.send' ? [f.payload.text ?? ''] : []));
}

/** Cut the app off the gateway (upgrades refused, sockets dropped) until `online`. */
async function offline(gateway: Gateway, ...pages: Page[]): Promise<void> {
	await hook(gateway, 'refuse', { ms: 120_000 });
	await hook(gateway, 'drop');
	for (const page of pages) {
		await expect(connectionStatus(page)).toHaveText(startsWith('Offline', 'Reconnecting'));
	}
}

/** Let the app back in, and have it try at once (as when the network comes back). */
async function online(gateway: Gateway, page: Page): Promise<void> {
	await hook(gateway, 'reset');
	await page.evaluate(() => dispatchEvent(new Event('online')));
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
}

/** A message action of `article` (revealed by pointing at the message). */
async function action(article: Locator, name: 'Cancel' | 'Edit'): Promise<void> {
	await article.hover();
	await article.getByRole('button', { name, exact: true }).click();
}

test('Cancel takes an unsent message back on every tab; the gateway never gets it', async ({
	page,
	context,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	const other = await context.newPage();
	await other.goto(page.url());
	await expect(connectionStatus(other)).toHaveText(startsWith('Connected'));
	await offline(gateway, page, other);

	const mine = await sendMessage(page, 'Take this back');
	await expect(mine).toHaveAttribute('data-status', 'sending');
	// Cancelled in the other tab (the one that does not hold the connection).
	const there = userMessage(other, 'Take this back');
	await expect(there).toBeVisible();
	await action(there, 'Cancel');
	await expect(userMessage(other, 'Take this back')).toHaveCount(0);
	await expect(userMessage(page, 'Take this back')).toHaveCount(0);
	await expect(other.getByRole('status').filter({ hasText: 'Message cancelled' })).toBeVisible();
	await expect(other.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();

	await online(gateway, page);
	await sendMessage(page, 'After the cancel');
	await expect(replyTo(page, 'After the cancel')).toHaveAttribute('data-status', 'complete');
	expect(sentTexts(gateway)).toEqual(['After the cancel']);
});

test('Edit replaces an unsent message in place: the gateway gets the final text once, in order', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await offline(gateway, page);
	await composer(page).fill('kept draft');
	const first = await sendMessage(page, 'First draft');
	await sendMessage(page, 'Second one');

	// Edit: the text goes to the composer under an "Editing" strip; Cancel edit changes nothing.
	await composer(page).fill('kept draft');
	await action(first, 'Edit');
	await expect(composer(page)).toHaveValue('First draft');
	await expect(page.getByText('Editing', { exact: true })).toBeVisible();
	await page.getByRole('button', { name: 'Cancel edit', exact: true }).click();
	await expect(composer(page)).toHaveValue('kept draft');
	await expect(first).toBeVisible();

	await action(first, 'Edit');
	await composer(page).fill('First, final');
	await sendButton(page).click();
	await expect(userMessage(page, 'First draft')).toHaveCount(0);
	const edited = userMessage(page, 'First, final');
	await expect(edited).toHaveAttribute('data-status', 'sending');
	// In the old one's place: still before the second message.
	const users = messageLog(page).locator('article[data-role="user"]');
	await expect(users).toHaveText([/First, final/, /Second one/]);
	await expect(composer(page)).toHaveValue('kept draft');

	await online(gateway, page);
	await expect(replyTo(page, 'Second one')).toHaveAttribute('data-status', 'complete');
	await expect(replyTo(page, 'First, final')).toHaveAttribute('data-status', 'complete');
	expect(sentTexts(gateway)).toEqual(['First, final', 'Second one']);
});

test('an Edit of a message sent meanwhile changes nothing and says so; the text stays', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await offline(gateway, page);
	const mine = await sendMessage(page, 'Too late to change');
	await action(mine, 'Edit');
	await composer(page).fill('Changed my mind');
	// The connection comes back while editing: the message goes out as it was.
	await online(gateway, page);
	await expect(replyTo(page, 'Too late to change')).toHaveAttribute('data-status', 'complete');
	await sendButton(page).click();
	await expect(page.getByRole('status').filter({ hasText: 'Already sent' })).toBeVisible();
	await expect(composer(page)).toHaveValue('Changed my mind');
	await expect(userMessage(page, 'Changed my mind')).toHaveCount(0);
	expect(sentTexts(gateway)).toEqual(['Too late to change']);
});

test('a message sent behind a running turn waits in the outbox: Cancel sends nothing, Edit sends the final text after the turn', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const stop = page.getByRole('button', { name: 'Stop', exact: true });
	await expect(stop).toBeVisible();

	const dropped = await sendMessage(page, 'Never mind this one');
	await expect(dropped).toContainText('Queued');
	await expect(dropped).toHaveAttribute('data-message-id', /^local:/);
	await action(dropped, 'Cancel');
	await expect(userMessage(page, 'Never mind this one')).toHaveCount(0);

	const draft = await sendMessage(page, 'Draft for after the slow one');
	await expect(draft).toContainText('Queued');
	await action(draft, 'Edit');
	await expect(composer(page)).toHaveValue('Draft for after the slow one');
	await composer(page).fill('Final for after the slow one');
	await sendButton(page).click();
	const final = userMessage(page, 'Final for after the slow one');
	await expect(final).toContainText('Queued');
	// Nothing sent behind the turn reached the gateway while it ran.
	expect(sentTexts(gateway)).toEqual(['/demo slow']);

	await stop.click();
	await expect(replyTo(page, 'Final for after the slow one')).toHaveAttribute(
		'data-status',
		'complete'
	);
	expect(sentTexts(gateway)).toEqual(['/demo slow', 'Final for after the slow one']);
});

test('a message the gateway refuses shows why on it, with Retry; an Edit gets it delivered once', async ({
	page,
	startGateway
}) => {
	const gateway = await startGateway({ env: { IRIS_MAX_MESSAGE_BYTES: '40' } });
	await pairViaLink(page, gateway);
	const long = 'This message is far too long for this gateway';
	const mine = await sendMessage(page, long);
	await expect(mine).toHaveAttribute('data-status', 'failed');
	await expect(mine).toContainText('Not delivered: the message is too long');
	await expect(mine.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
	await expect(page.getByRole('alert')).toHaveCount(0);

	await action(mine, 'Edit');
	await composer(page).fill('Short enough');
	await sendButton(page).click();
	await expect(replyTo(page, 'Short enough')).toHaveAttribute('data-status', 'complete');
	await expect(userMessage(page, long)).toHaveCount(0);
	expect(sentTexts(gateway)).toEqual([long, 'Short enough']);
});
