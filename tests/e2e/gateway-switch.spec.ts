import type { Page } from '@playwright/test';
import { hook } from './faults';
import { walkLog } from './log-walk';
import {
	connectionStatus,
	expect,
	linkTo,
	pairViaLink,
	replyTo,
	sendMessage,
	servingAppOf,
	startsWith,
	test,
	type Gateway
} from './fixtures';
import { openNotificationSettings, stubPushManager, waitForController } from './pwa-support';

/** Open a pairing link to `target` on the app of `app` and confirm the switch in the dialog. */
async function switchTo(page: Page, app: Gateway, target: Gateway): Promise<void> {
	await page.goto(linkTo(app, target));
	const dialog = page.getByRole('dialog', { name: 'Switch to another gateway?' });
	await dialog.getByRole('button', { name: 'Switch gateway' }).click();
	await expect(page).not.toHaveURL(/\/pair/);
	await expect(connectionStatus(page)).toHaveText(startsWith('Connected'));
}

/** The texts of the `message.send`s `g` received. */
const sentTexts = (g: Gateway) =>
	g.received().flatMap((f) => (f.type === 'message.send' ? [f.payload.text] : []));

/** The `device_id`s of the `hello`s `g` received. */
const deviceIds = (g: Gateway) =>
	new Set(g.received().flatMap((f) => (f.type === 'hello' ? [f.payload.device_id] : [])));

/** Every text the whole message log of `page` shows (walked: the list is virtualized). */
const logTexts = async (page: Page) => (await walkLog(page)).map((row) => row.text).join('\n');

/** The names of the IndexedDB databases of `page`'s origin. */
const databases = (page: Page) =>
	page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

test('switching gateways keeps each history apart; the old outbox waits for the switch back', async ({
	page,
	gateway: a,
	startGateway
}) => {
	const b = await startGateway(servingAppOf(a));
	await pairViaLink(page, a);
	await sendMessage(page, 'Hello A');
	await expect(replyTo(page, 'Hello A')).toHaveAttribute('data-status', 'complete');
	const [deviceA] = deviceIds(a);
	expect(deviceA).toBeDefined();

	// A goes away: the next message waits in A's outbox.
	await hook(a, 'refuse', { ms: 600_000 });
	await hook(a, 'drop');
	await expect(connectionStatus(page)).not.toHaveText(startsWith('Connected'));
	await sendMessage(page, 'Queued for A');

	const second = await page.context().newPage();
	await second.goto(a.httpUrl);
	await expect(replyTo(second, 'Hello A')).toBeVisible();

	await switchTo(page, a, b);
	await sendMessage(page, 'Hello B');
	await expect(replyTo(page, 'Hello B')).toHaveAttribute('data-status', 'complete');
	// B's history only, in this tab and in the other one, which follows.
	for (const tab of [page, second]) {
		await expect(replyTo(tab, 'Hello B')).toHaveAttribute('data-status', 'complete');
		await expect(connectionStatus(tab)).toHaveText(startsWith('Connected'));
		const texts = await logTexts(tab);
		expect(texts).not.toContain('Hello A');
		expect(texts).not.toContain('Queued for A');
	}
	// B never learnt of A's messages, its outbox or its device id.
	expect(sentTexts(b)).toEqual(['Hello B']);
	expect(deviceIds(b).size).toBe(1);
	expect(deviceIds(b).has(deviceA!)).toBe(false);
	expect((await databases(page)).filter((name) => /^iris(-|$)/.test(name)).length).toBe(3);

	// Back to A (reachable again): its history is there, and its outbox goes out now.
	await hook(a, 'reset');
	await switchTo(page, a, a);
	for (const tab of [page, second]) {
		await expect(replyTo(tab, 'Queued for A')).toHaveAttribute('data-status', 'complete');
		await expect(connectionStatus(tab)).toHaveText(startsWith('Connected'));
		const texts = await logTexts(tab);
		expect(texts).toContain('Hello A');
		expect(texts).not.toContain('Hello B');
	}
	expect(new Set(sentTexts(a))).toEqual(new Set(['Hello A', 'Queued for A']));
	expect(deviceIds(a)).toEqual(new Set([deviceA]));
	expect(sentTexts(b)).toEqual(['Hello B']);
});

test.describe('notifications', () => {
	test.use({
		gatewayOptions: {
			env: { IRIS_PUSH: 'webpush', IRIS_VAPID_SUBJECT: 'mailto:tests@example.com' }
		}
	});

	test('a switch unregisters push from the old gateway and registers it with the new', async ({
		page,
		gateway: a,
		startGateway
	}) => {
		const b = await startGateway(servingAppOf(a));
		await page.context().grantPermissions(['notifications'], { origin: a.httpUrl });
		await page.addInitScript(stubPushManager);
		await pairViaLink(page, a);
		await waitForController(page);
		await openNotificationSettings(page);
		await page.getByRole('button', { name: 'Enable notifications', exact: true }).click();
		const state = page.getByRole('status', { name: 'Notification settings', exact: true });
		await expect(state).toHaveText('Notifications are on, through the gateway.');
		const [deviceA] = deviceIds(a);
		await a.waitForLine(new RegExp(`push: device ${deviceA} registered web push$`));

		const fromA = a.output.length;
		await switchTo(page, a, b);
		await a.waitForLine(new RegExp(`push: device ${deviceA} unregistered$`), { from: fromA });
		const [deviceB] = deviceIds(b);
		expect(deviceB).not.toBe(deviceA);
		await b.waitForLine(new RegExp(`push: device ${deviceB} registered web push$`));
		// With B's key: the subscription was made again for the new gateway.
		const token = b
			.received()
			.flatMap((f) => (f.type === 'fcm.register' ? [f.payload.fcm_token ?? ''] : []))
			.at(-1);
		expect(token).toContain('https://push.example/subscription-1');
		await openNotificationSettings(page);
		await expect(state).toHaveText('Notifications are on, through the gateway.');
	});
});
