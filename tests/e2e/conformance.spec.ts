import {
	composer,
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	test,
	channelAction
} from './fixtures';

/**
 * Conformance: the gateway records every frame in and out
 * (`IRIS_RECORD_FRAMES`), and the fixture checks each one against the schema after every test.
 * This run-through makes the app send every frame type it can, and the gateway send every type its
 * demo can, so that check covers them all.
 */
test('every frame type exchanged in a run-through is on the schema', async ({
	browser,
	gateway
}) => {
	const a = await (await browser.newContext()).newPage();
	const b = await (await browser.newContext()).newPage();
	await pairViaLink(a, gateway);
	await pairViaLink(b, gateway);

	await sendMessage(a, 'conformance hello');
	await expect(replyTo(a, 'conformance hello')).toHaveAttribute('data-status', 'complete');
	await sendMessage(a, '/demo history 60');
	await sendMessage(a, '/demo cron');
	await sendMessage(a, '/demo notify clarify Which one?');
	await sendMessage(a, '/demo status');
	await sendMessage(a, '/demo alert');

	await composer(a).fill('');
	await composer(a).pressSequentially('/mo');
	await expect(a.getByRole('listbox')).toBeVisible();
	await composer(a).press('Escape');

	await a.keyboard.press('Control+K');
	await a.getByRole('searchbox', { name: 'Search messages' }).fill('Old message 2 of 60');
	await a.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
	await a.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
	await expect(a.locator('article[data-highlighted]')).toContainText('Old message 2 of 60');

	await a.getByRole('button', { name: 'New channel', exact: true }).click();
	await a.getByRole('dialog', { name: 'New channel' }).getByRole('textbox').fill('Conf');
	await a
		.getByRole('dialog', { name: 'New channel' })
		.getByRole('button', { name: 'Create' })
		.click();
	await channelAction(a, 'Rename');
	await a.getByRole('dialog', { name: 'Rename channel' }).getByRole('textbox').fill('Conf 2');
	await a
		.getByRole('dialog', { name: 'Rename channel' })
		.getByRole('button', { name: 'Rename' })
		.click();
	await channelAction(a, 'Make default');
	await expect(a.getByText('Default', { exact: true })).toBeVisible();

	const sentTypes = () => new Set(gateway.received().map((f) => f.type));
	const gotTypes = () => new Set(gateway.sent().map((f) => f.type));
	await expect.poll(() => sentTypes().has('read.receipt')).toBe(true);
	await expect.poll(() => gotTypes().has('read.receipt')).toBe(true);
	// Demo turns run one after another per channel (`/demo status` takes a while): poll.
	await expect
		.poll(() => [...sentTypes()].sort())
		.toEqual(
			expect.arrayContaining([
				'channel.create',
				'channel.rename',
				'channel.set_default',
				'commands.catalog',
				'commands.complete',
				'hello',
				'history',
				'message.send',
				'read.receipt',
				'search',
				'sync'
			])
		);
	await expect
		.poll(() => [...gotTypes()].sort())
		.toEqual(
			expect.arrayContaining([
				'agent.busy',
				'agent.idle',
				'channel.created',
				'channel.list',
				'channel.renamed',
				'commands.catalog',
				'commands.complete',
				'error',
				'hello.ack',
				'history',
				'message',
				'message.start',
				'message.stop',
				'message.update',
				'notification',
				'read.receipt',
				'search.results',
				'status',
				'sync.done',
				'typing'
			])
		);
	await a.context().close();
	await b.context().close();
});
