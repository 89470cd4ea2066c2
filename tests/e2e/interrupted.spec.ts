import {
	connectionStatus,
	expect,
	lastArticle,
	pairViaLink,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { waitForController } from './pwa-support';

// Iris only: v3 has no turn state (`agent.busy`) to tell a forgotten answer from a slow one.

test('an answer cut by a gateway that restarts without its state: kept through a reload, then closed as cut off', async ({
	page,
	gateway,
	startGateway
}) => {
	test.setTimeout(120_000);
	await pairViaLink(page, gateway);
	// The reload below has no server to answer it: the service worker serves the app, so it must
	// be in control first (its precache grew with the lazy rendering chunks and takes longer).
	await waitForController(page);
	await sendMessage(page, '/demo slow');
	const answer = lastArticle(page, 'assistant');
	await expect(answer).toContainText('word3');
	await gateway.kill();
	await expect(connectionStatus(page)).toHaveText(
		startsWith('Reconnecting', 'Offline', 'Connecting')
	);
	const streamed = (await answer.textContent()) ?? '';

	// Reloaded with the gateway gone: what had streamed was stored when the link dropped.
	await page.reload();
	await expect(answer).toContainText('word3');
	await expect(answer).toHaveAttribute('data-status', 'streaming');

	// The gateway comes back with no memory of the turn: the answer is closed, not left open.
	await startGateway({ port: gateway.port, token: gateway.token });
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 30_000 });
	await expect(answer).toHaveAttribute('data-status', 'complete');
	await expect(answer).toContainText('Cut off: the gateway lost this answer');
	expect(await answer.textContent()).toContain(streamed.trim().split(/\s+/).slice(0, 3).join(' '));
	await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden();
});
