import {
	connectionStatus,
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { reveal } from './log-walk';

test('reconnects by itself when the gateway comes back on the same port', async ({
	page,
	gateway,
	startGateway
}) => {
	// Pair + two replies + a restart + up to 30 s of backoff: more than the default 60 s budget.
	test.setTimeout(120_000);
	await pairViaLink(page, gateway);
	await sendMessage(page, 'Before the crash');
	const firstReply = replyTo(page, 'Before the crash');
	await expect(firstReply).toHaveAttribute('data-status', 'complete');

	// Any full page load from here on would mean the app needed a reload to recover.
	let loads = 0;
	page.on('load', () => (loads += 1));

	await gateway.kill();

	await expect(connectionStatus(page)).toHaveText(
		startsWith('Reconnecting', 'Offline', 'Connecting')
	);
	// Still shown: the question sits above its long reply, maybe outside the rendered rows.
	await reveal(page, userMessage(page, 'Before the crash'));
	await expect(userMessage(page, 'Before the crash')).toBeVisible();
	await reveal(page, firstReply);
	await expect(firstReply).toBeVisible();
	await expect(firstReply.locator('h2')).toBeVisible();

	const revived = await startGateway({ port: gateway.port, token: gateway.token });

	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 30_000 });
	await expect.poll(() => revived.connectionsOpened()).toBeGreaterThanOrEqual(1);
	expect(loads).toBe(0);

	await sendMessage(page, 'After the restart');
	await expect(replyTo(page, 'After the restart')).toHaveAttribute('data-status', 'complete');
	// Still in the log: the new long reply may have pushed it out of the rendered (virtualized) rows.
	await reveal(page, firstReply);
	await expect(firstReply).toBeVisible();
});
