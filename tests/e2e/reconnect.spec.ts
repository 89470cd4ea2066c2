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
import { hook } from './faults';

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

test('when the network goes away under an open link, the status says so within seconds', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// The link stays open but nothing comes back on it (a network gone without a close): the
	// gateway holds every frame it sends, pongs too. Alone, the heartbeat would wait 90 s.
	await hook(gateway, 'delay', { ms: 120_000 });
	await page.context().setOffline(true);
	// The `offline` event sends a ping; unanswered within 5 s, the link is given up.
	await expect(connectionStatus(page)).toHaveText(startsWith('Offline'), { timeout: 20_000 });
	await hook(gateway, 'delay', { ms: 0 });
	await page.context().setOffline(false);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 20_000 });
	await sendMessage(page, 'Back on the network');
	await expect(replyTo(page, 'Back on the network')).toHaveAttribute('data-status', 'complete');
});
