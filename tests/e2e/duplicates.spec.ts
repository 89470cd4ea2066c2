import { expect, pairViaLink, readMessageRows, replyTo, sendMessage, test } from './fixtures';
import { duplicateMessageIds, hook, messagesFrom } from './faults';

test.use({ gatewayOptions: { testHooks: true, stepMs: 5 } });

test('every frame sent twice and late: each message and reply still shows and is stored once', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await hook(gateway, 'duplicate', { on: 1 });
	await hook(gateway, 'delay', { ms: 150 });
	for (const text of ['Twice one', 'Twice two']) {
		await sendMessage(page, text);
		await expect(replyTo(page, text)).toHaveAttribute('data-status', 'complete');
	}
	// A drop while frames are still held back: the replay after reconnect brings them again.
	await hook(gateway, 'drop');
	await sendMessage(page, 'Twice three');
	await expect(replyTo(page, 'Twice three')).toHaveAttribute('data-status', 'complete');
	for (const text of ['Twice one', 'Twice two', 'Twice three']) {
		expect(await messagesFrom(page, 'user', text)).toHaveLength(1);
		expect(await messagesFrom(page, 'assistant', text)).toHaveLength(1);
	}
	expect(await duplicateMessageIds(page)).toBe(0);
	const rows = await readMessageRows(page);
	expect(rows.filter((r) => r.role === 'user')).toHaveLength(3);
	expect(rows.filter((r) => r.role === 'assistant' && r.status === 'complete')).toHaveLength(3);
});
