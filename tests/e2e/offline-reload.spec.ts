import { demoReply } from '../../gateway/demo-agent';
import {
	connectionStatus,
	expect,
	lastArticle,
	messageLog,
	pairViaLink,
	readMessageRow,
	replyTo,
	sendMessage,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { reveal } from './log-walk';
import { hook } from './faults';

const TEXT = 'Keep this for offline';

test('a reload with the gateway down shows the conversation from IndexedDB', async ({
	page,
	gateway,
	startGateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, TEXT);
	const reply = replyTo(page, TEXT);
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const replyId = (await reply.getAttribute('data-message-id')) ?? '';
	expect(replyId).not.toBe('');
	// What the reply looked like, to compare with after the reload.
	const rendered = {
		heading: await reply.locator('h2').textContent(),
		code: await reply.locator('pre code').textContent(),
		table: await reply.locator('table').textContent()
	};
	// The reload below must find the reply in the store: wait until it is committed.
	await expect
		.poll(() => readMessageRow(page, replyId))
		.toMatchObject({ text: demoReply(TEXT), status: 'complete' });

	await gateway.kill();
	// Same origin (so the same IndexedDB), app files only: every WebSocket is refused.
	const staticOnly = await startGateway({
		port: gateway.port,
		token: gateway.token,
		staticOnly: true
	});
	await page.reload();

	const restored = messageLog(page).locator(`article[data-message-id="${replyId}"]`);
	// The question sits above its long reply: maybe outside the rendered (virtualized) rows.
	await reveal(page, userMessage(page, TEXT));
	await expect(userMessage(page, TEXT)).toBeVisible();
	await expect(restored).toHaveAttribute('data-role', 'assistant');
	await expect(restored).toHaveAttribute('data-status', 'complete');
	await expect(restored.locator('h2')).toHaveText(rendered.heading ?? '');
	await expect(restored.locator('pre code')).toHaveText(rendered.code ?? '');
	await expect(restored.locator('table')).toHaveText(rendered.table ?? '');
	await expect(restored.getByRole('link', { name: 'Hermes docs' })).toBeVisible();
	await expect(connectionStatus(page)).toHaveText(
		startsWith('Offline', 'Reconnecting', 'Connecting')
	);
	expect(staticOnly.connectionsOpened()).toBe(0);
});

test('a reload mid-answer, with the gateway out of reach, shows the words streamed so far', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo slow');
	const answer = lastArticle(page, 'assistant');
	// A few seconds in: before the next timed write of the text to the store (every 8 s).
	await expect(answer).toContainText('word5 ');
	const streamed = (await answer.locator('.md').first().innerText()).trim();
	await hook(gateway, 'refuse', { ms: 600_000 });
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('data-screen-shown', '');
	await expect(connectionStatus(page)).toHaveText(startsWith('Reconnecting', 'Connecting'));
	// From this device's store: the gateway cannot send it again yet.
	await expect(lastArticle(page, 'assistant')).toContainText(streamed);
	await hook(gateway, 'refuse', { ms: 0 });
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 30_000 });
});
