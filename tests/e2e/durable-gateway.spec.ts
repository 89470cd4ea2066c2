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

// Iris only: the v3 dialect keeps no server history.

test('a gateway killed and started again on its data directory keeps the pairing and the conversation', async ({
	page,
	browser,
	startGateway
}) => {
	test.setTimeout(120_000);
	// No IRIS_TOKEN: the gateway makes its token once, in its data directory.
	const gateway = await startGateway({ tokenFromDataDir: true });
	await pairViaLink(page, gateway);
	await sendMessage(page, 'Kept across a crash');
	await expect(replyTo(page, 'Kept across a crash')).toHaveAttribute('data-status', 'complete');

	await gateway.kill();
	await expect(connectionStatus(page)).toHaveText(
		startsWith('Reconnecting', 'Offline', 'Connecting')
	);
	const revived = await startGateway({
		port: gateway.port,
		dataDir: gateway.dataDir,
		tokenFromDataDir: true
	});
	expect(revived.token).toBe(gateway.token);
	// The same pairing: no "Token rejected", the app reconnects by itself.
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 30_000 });
	await sendMessage(page, 'After the crash');
	await expect(replyTo(page, 'After the crash')).toHaveAttribute('data-status', 'complete');

	// A device paired now gets the whole conversation from the gateway.
	const context = await browser.newContext();
	const other = await context.newPage();
	await pairViaLink(other, revived);
	for (const text of ['Kept across a crash', 'After the crash']) {
		await reveal(other, userMessage(other, text));
		await expect(userMessage(other, text)).toBeVisible();
		await reveal(other, replyTo(other, text));
		await expect(replyTo(other, text)).toHaveAttribute('data-status', 'complete');
	}
	await context.close();
});
