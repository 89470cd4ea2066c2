/**
 * Message text in notifications (Settings › Notifications › Lock screen), off by default: a push
 * then shows where something happened and nothing that was written — no body, no title or
 * choices of the agent's; an approval still offers Allow once and Deny. Turned on, the text shows.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gatewayPush, launchProfile, openApp, readMeta } from './pwa-support';

/** Title, body and action titles of the notification tagged for `chat_id`. */
const notice = (page: Page, chat_id: string) =>
	page.evaluate(async (tag) => {
		const registration = await navigator.serviceWorker.ready;
		return (await registration.getNotifications({ tag })).map((n) => ({
			title: n.title,
			body: n.body,
			actions: ((n as unknown as { actions?: { title: string }[] }).actions ?? []).map(
				(a) => a.title
			)
		}));
	}, `chat:${chat_id}`);

test('notifications show no message text until it is turned on in Settings', async ({
	gateway
}, testInfo) => {
	const profile = await launchProfile(testInfo);
	try {
		const { page, deliver } = await openApp(profile, gateway);
		// Away from the chat (Settings), so its pushes show.
		await page.getByRole('link', { name: 'Settings', exact: true }).click();
		await expect(page).toHaveURL(/\/settings$/);
		const previews = page.getByRole('checkbox', {
			name: 'Show message text in notifications',
			exact: true
		});
		await expect(previews).not.toBeChecked();

		await deliver(gatewayPush('default', 'The launch codes are 0000'));
		await expect
			.poll(() => notice(page, 'default'))
			.toEqual([{ title: 'New message in General', body: '', actions: [] }]);
		await deliver({
			...gatewayPush('deploy', 'rm -rf ./build', 'approval'),
			title: 'Approval needed',
			picker_id: 'approval-1'
		});
		await expect
			.poll(() => notice(page, 'deploy'))
			.toEqual([{ title: 'Approval needed', body: '', actions: ['Allow once', 'Deny'] }]);
		// A question's choices are the agent's words: none on the notification.
		await deliver({
			...gatewayPush('ops', 'Which database?', 'clarify'),
			picker_id: 'clarify-1',
			choices: [
				{ value: 'prod', label: 'Production (customers)' },
				{ value: 'staging', label: 'Staging' }
			]
		});
		await expect
			.poll(() => notice(page, 'ops'))
			.toEqual([{ title: 'The agent has a question', body: '', actions: [] }]);
		// An agent's own notification title is its words too.
		await deliver({ ...gatewayPush('research', 'Paper summary', 'notification'), title: 'Secret' });
		await expect
			.poll(() => notice(page, 'research'))
			.toEqual([{ title: 'Notification', body: '', actions: [] }]);

		await previews.check();
		await expect.poll(() => readMeta(page, 'notify_previews')).toBe(true);
		await deliver({
			...gatewayPush('ops', 'Which database?', 'clarify'),
			picker_id: 'clarify-2',
			choices: [
				{ value: 'prod', label: 'Production (customers)' },
				{ value: 'staging', label: 'Staging' }
			]
		});
		await expect
			.poll(() => notice(page, 'ops'))
			.toEqual([
				{
					title: 'The agent has a question',
					body: 'Which database?\n(2 unread)',
					actions: ['Production (customers)', 'Staging']
				}
			]);
		// Remembered on this device.
		await page.reload();
		await expect(previews).toBeChecked();
	} finally {
		await profile.close();
	}
});
