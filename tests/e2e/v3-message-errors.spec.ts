/**
 * Hermes Chat v3: an `error` answering the user's message shows on that message ("Not sent: …")
 * with Retry, not as a page-wide banner; the details stay in Settings › Diagnostics; Retry gets
 * the message answered, and it shows once.
 */
import {
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	test,
	userMessage,
	type Gateway
} from './fixtures';
import { testHookFetch } from './faults';
import { readRecording } from './frames';

test.use({ gatewayOptions: { testHooks: true, stepMs: 5 } });

/** The v3 `text` frames the app sent to `gateway`, parsed. */
function textsIn(gateway: Gateway): { id: string; text: string }[] {
	return readRecording(gateway.recordFile ?? '')
		.filter((r) => r.dir === 'in' && r.dialect === 'v3')
		.map((r) => JSON.parse(r.text) as { id: string; type: string; data?: { text?: string } })
		.flatMap((f) => (f.type === 'text' ? [{ id: f.id, text: f.data?.text ?? '' }] : []));
}

test('an error answering a message shows on it with Retry; Retry gets it answered once', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const res = await testHookFetch(gateway, '/__test/v3/refuse-next?code=rate_limited', {
		method: 'POST'
	});
	expect(res.status).toBe(200);

	const TEXT = 'Answer me, please';
	const mine = await sendMessage(page, TEXT);
	await expect(mine).toHaveAttribute('data-status', 'failed');
	await expect(mine).toContainText('Not sent: Too many messages; wait a moment and try again.');
	await expect(page.getByRole('alert')).toHaveCount(0);
	await expect(replyTo(page, TEXT)).toHaveCount(0);

	await mine.getByRole('button', { name: 'Retry', exact: true }).click();
	await expect(replyTo(page, TEXT)).toHaveAttribute('data-status', 'complete');
	await expect(userMessage(page, TEXT)).toHaveCount(1);
	await expect(userMessage(page, TEXT)).toHaveAttribute('data-status', 'complete');
	await expect(userMessage(page, TEXT)).not.toContainText('Not sent');
	// Sent twice, the retry under a new id (the gateway ignores an id it has seen).
	const sent = textsIn(gateway).filter((f) => f.text === TEXT);
	expect(sent).toHaveLength(2);
	expect(sent[0]!.id).not.toBe(sent[1]!.id);

	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	const events = page.getByRole('list', { name: 'Protocol events' });
	await expect(events.locator('li[data-kind="server_error"]')).toContainText('rate_limited');
});
