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
import { hook } from './faults';

// Iris only: the gateway's `delay` hook holds the frames of the Iris protocol.

test('a message sent into a link gone silent is delivered on the next link, with no Retry', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	// The link stays open but nothing comes back on it, and the browser says nothing (no
	// `offline`): the gateway holds every frame it sends. The send itself is what finds out.
	await hook(gateway, 'delay', { ms: 120_000 });
	await sendMessage(page, 'Into the silence');
	// Probed 5 s after the send, given up 5 s later: well before the send's own 15 s timeout
	// (which would mark the message "Not delivered").
	await expect(connectionStatus(page)).not.toHaveText(startsWith('Connected'), {
		timeout: 14_000
	});
	// Frames the gateway holds keep their due time: no new link before the delay is lifted (a
	// `hello.ack` sent meanwhile would be held for the full 120 s).
	await hook(gateway, 'refuse', { ms: 120_000 });
	await hook(gateway, 'delay', { ms: 0 });
	await hook(gateway, 'refuse', { ms: 0 });
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'), { timeout: 40_000 });
	await expect(replyTo(page, 'Into the silence')).toHaveAttribute('data-status', 'complete');
	await expect(userMessage(page, 'Into the silence')).not.toContainText('Not delivered');
	await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
