import { demoReply } from '../../gateway/demo-agent';
import {
	composer,
	connectionStatus,
	expect,
	messageLog,
	pairViaLink,
	readMessageRow,
	readMessageRows,
	replyTo,
	sendButton,
	sendMessage,
	startsWith,
	test,
	userMessage
} from './fixtures';
import { reveal } from './log-walk';
import { waitForController } from './pwa-support';

const TEXT = 'Remember me when the server is gone';

test('after one online visit the app starts with the server stopped and shows the conversation', async ({
	context,
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await waitForController(page);
	await sendMessage(page, TEXT);
	const reply = replyTo(page, TEXT);
	await expect(reply).toHaveAttribute('data-status', 'complete');
	const replyId = (await reply.getAttribute('data-message-id')) ?? '';
	await expect
		.poll(() => readMessageRow(page, replyId))
		.toMatchObject({ text: demoReply(TEXT), status: 'complete' });
	const chatUrl = page.url();

	// No server at all, and the browser offline: only the service worker can answer.
	await gateway.kill();
	await context.setOffline(true);
	await page.close();
	const cold = await context.newPage();
	const failedAppRequests: string[] = [];
	cold.on('requestfailed', (r) => failedAppRequests.push(r.url()));
	await cold.goto(chatUrl);
	// Chromium (150) drops the emulated offline state of a page whose navigation the service
	// worker answered: navigator.onLine reads true again while requests still fail. Set it again,
	// as a real offline browser would report it.
	if (await cold.evaluate(() => navigator.onLine)) {
		await context.setOffline(false);
		await context.setOffline(true);
	}
	expect(await cold.evaluate(() => navigator.onLine)).toBe(false);

	// The question sits above its long reply: maybe outside the rendered (virtualized) rows.
	await reveal(cold, userMessage(cold, TEXT));
	await expect(userMessage(cold, TEXT)).toBeVisible();
	await expect(messageLog(cold).locator(`article[data-message-id="${replyId}"]`)).toHaveAttribute(
		'data-status',
		'complete'
	);
	await expect(connectionStatus(cold)).toHaveText(startsWith('Offline'));

	// Sending still works: it waits in the outbox.
	await composer(cold).fill('Queued while offline');
	await sendButton(cold).click();
	const queued = userMessage(cold, 'Queued while offline');
	await expect(queued).toHaveAttribute('data-status', 'sending');
	await expect
		.poll(async () =>
			(await readMessageRows(cold)).some(
				(m) => m.text === 'Queued while offline' && m.status === 'sending'
			)
		)
		.toBe(true);
	expect(failedAppRequests.filter((u) => new URL(u).pathname.startsWith('/_app/'))).toEqual([]);
});
