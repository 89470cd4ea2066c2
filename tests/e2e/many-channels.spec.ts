import {
	channelLink,
	connectionStatus,
	expect,
	pairViaLink,
	replyTo,
	sendMessage,
	startsWith,
	test
} from './fixtures';
import { hook } from './faults';
import { rowInView } from './row-in-view';

const COUNT = 20_000;

test('a channel.list of 20,000 channels: the sidebar shows them, filters them, and the app keeps chatting', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	const nav = page.getByRole('navigation', { name: 'Channels', exact: true });
	const general = await nav
		.locator('li', { has: page.getByRole('link', { name: 'General', exact: true }) })
		.getAttribute('data-chat-id');
	const channels = [
		{ chat_id: general, name: 'General', kind: 'default', is_default: true },
		...Array.from({ length: COUNT - 1 }, (_, i) => ({
			chat_id: `bulk-${i}`,
			name: `Bulk channel ${i}`,
			kind: 'channel'
		}))
	];
	const started = Date.now();
	await hook(
		gateway,
		'inject',
		{},
		JSON.stringify({ v: 1, type: 'channel.list', payload: { channels } })
	);

	// The list is filterable, and a channel deep in it can be found and opened.
	const filter = nav.getByRole('searchbox', { name: 'Filter channels' });
	await filter.fill('Bulk channel 19998');
	const last = channelLink(page, 'Bulk channel 19998');
	await expect(last).toBeVisible({ timeout: 60_000 });
	// A figure to read, not an assertion (speed is measured in `npm run bench`).
	console.log(`[many-channels] ${COUNT} channels stored and listed in ${Date.now() - started} ms`);
	await last.click();
	await expect(page.getByRole('heading', { name: 'Bulk channel 19998' })).toBeVisible();
	await expect(last).toHaveAttribute('aria-current', 'page');

	// Unfiltered, the list shows where the open channel is, and scrolls: only the rows near the
	// view are rendered, the open one kept.
	await filter.fill('');
	await expect(channelLink(page, 'Bulk channel 19990')).toBeVisible();
	await expect.poll(() => rowInView(last)).toBe(true);
	expect(await nav.getByRole('link').count()).toBeLessThan(200);
	await expect(last).toHaveAttribute('aria-current', 'page');
	await last.hover();
	await page.mouse.wheel(0, -10_000_000);
	await expect(channelLink(page, 'General')).toBeVisible();

	// The app still chats.
	await filter.fill('general');
	await channelLink(page, 'General').click();
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
	await sendMessage(page, 'still here');
	await expect(replyTo(page, 'still here')).toHaveAttribute('data-status', 'complete');
});
