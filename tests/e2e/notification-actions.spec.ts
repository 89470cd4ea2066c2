/**
 * Answering from the notification: an approval's push shows "Allow once" and "Deny"; choosing
 * one sends `picker.select` once — through the open app window, or, with no window open, over
 * the service worker's own connection, or queued for the app's next connection when the gateway
 * cannot be reached — and the notification then says it went through, or is queued (or why
 * not). Pushes are delivered through CDP; a click on an action is dispatched in the worker (a
 * headless browser shows no notification to click).
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import {
	connectionStatus,
	expect,
	pairViaLink,
	sendMessage,
	startsWith,
	test,
	type Gateway
} from './fixtures';
import {
	launchProfile,
	readMeta,
	serviceWorkerRegistration,
	showMessageText,
	waitForController
} from './pwa-support';
import { hook } from './faults';

test.use({ gatewayOptions: { testHooks: true } });

/** The service worker of the only app in `context`. */
function serviceWorker(context: BrowserContext): Worker {
	const [worker] = context.serviceWorkers();
	if (!worker) throw new Error('no service worker');
	return worker;
}

/** Ask for an approval in the open chat; resolves to its `picker_id` once the app stored it. */
async function askApproval(page: Page): Promise<string> {
	await sendMessage(page, '/demo approval');
	await expect(page.getByRole('dialog', { name: 'Approval required', exact: true })).toBeVisible();
	return page.evaluate(
		() =>
			new Promise<string>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const read = open.result.transaction('pickers').objectStore('pickers').getAll();
					read.onsuccess = () => {
						const rows = read.result as { picker_id: string; type: string; state: string }[];
						const row = rows.find((r) => r.type === 'picker.approval' && r.state === 'open');
						open.result.close();
						if (row) resolve(row.picker_id);
						else reject(new Error('no open approval stored'));
					};
				};
			})
	);
}

/** The gateway's push for that approval (src/lib/protocol/push.ts `pushForFrame`). */
const approvalPush = (picker_id: string) => ({
	v: 1,
	type: 'push',
	kind: 'approval',
	chat_id: 'default',
	title: 'Approval needed',
	body: 'Delete the build output folder',
	picker_id
});

/** What the worker shows now: title, body and action titles. */
const shown = (sw: Worker) =>
	sw.evaluate(async () => {
		const scope = self as unknown as ServiceWorkerGlobalScope;
		return (await scope.registration.getNotifications()).map((n) => ({
			title: n.title,
			body: n.body,
			actions: ((n as unknown as { actions: { title: string }[] }).actions ?? []).map(
				(a) => a.title
			)
		}));
	});

/** Click the action `title` of the notification tagged for the default chat. */
const clickAction = (sw: Worker, title: string) =>
	sw.evaluate(async (title) => {
		const scope = self as unknown as ServiceWorkerGlobalScope;
		const [notice] = await scope.registration.getNotifications({ tag: 'chat:default' });
		if (!notice) throw new Error('no notification');
		const actions = (notice as unknown as { actions: { action: string; title: string }[] }).actions;
		const action = actions.find((a) => a.title === title)?.action;
		if (!action) throw new Error(`no action ${title}`);
		scope.dispatchEvent(
			new NotificationEvent('notificationclick', { notification: notice, action })
		);
	}, title);

/** How many connections the gateway authenticated so far (one `hello` each). */
const hellos = (gateway: Gateway) =>
	gateway.output.filter((line) => line.includes('] authenticated device ')).length;

/** How many times the gateway received `picker.select` for `picker_id` with `value`. */
const selects = (gateway: Gateway, picker_id: string, value: string) =>
	gateway.output.filter((line) =>
		line.endsWith(`picker.select ${JSON.stringify({ picker_id, value })}`)
	).length;

test('an approval is answered from its notification: through the open window, then with no window open', async ({
	gateway
}, testInfo) => {
	const profile = await launchProfile(testInfo);
	try {
		await profile.context.grantPermissions(['notifications'], { origin: gateway.httpUrl });
		await showMessageText(profile.context);
		const page = profile.context.pages()[0] ?? (await profile.context.newPage());
		// A tab of another site stays open throughout: CDP delivers pushes through it.
		const other = await profile.context.newPage();
		await pairViaLink(page, gateway);
		await waitForController(page);
		await expect.poll(() => readMeta(page, 'notify_previews')).toBe(true);
		const { cdp, registrationId } = await serviceWorkerRegistration(other, gateway.httpUrl);
		const deliver = (data: unknown) =>
			cdp.send('ServiceWorker.deliverPushMessage', {
				origin: gateway.httpUrl,
				registrationId,
				data: JSON.stringify(data)
			});
		const sw = serviceWorker(profile.context);

		// With the app open (on another screen, so the push shows): the window sends the answer.
		const first = await askApproval(page);
		await page.getByRole('link', { name: 'Settings', exact: true }).click();
		// Settings is on screen before the push comes: a push for the chat on screen shows nothing.
		await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
		await deliver(approvalPush(first));
		await expect
			.poll(() => shown(sw))
			.toEqual([
				{
					title: 'Approval needed',
					body: 'Delete the build output folder',
					actions: ['Allow once', 'Deny']
				}
			]);
		const connections = hellos(gateway);
		await clickAction(sw, 'Allow once');
		await expect
			.poll(() => shown(sw))
			.toEqual([
				{ title: 'Answered: Allow once', body: 'Delete the build output folder', actions: [] }
			]);
		expect(selects(gateway, first, 'once')).toBe(1);
		// Sent through the window's own connection: no other connection was made for it.
		expect(hellos(gateway)).toBe(connections);

		// No app window at all: the worker connects itself, answers once, and says so.
		await page.goBack();
		await expect(page.getByText('Approved (once).')).toBeVisible();
		const second = await askApproval(page);
		await page.close();
		await deliver(approvalPush(second));
		await expect
			.poll(async () => (await shown(sw)).map((n) => n.actions))
			.toEqual([['Allow once', 'Deny']]);
		const beforeDeny = hellos(gateway);
		await clickAction(sw, 'Deny');
		await expect.poll(() => selects(gateway, second, 'deny')).toBe(1);
		expect(hellos(gateway)).toBe(beforeDeny + 1);
		await expect
			.poll(async () => (await shown(sw)).map((n) => n.title))
			.toEqual(['Answered: Deny']);

		// The same answer again (a second device, a stale notification): the gateway no longer waits.
		await deliver(approvalPush(second));
		await expect
			.poll(async () => (await shown(sw)).map((n) => n.actions))
			.toEqual([['Allow once', 'Deny']]);
		await clickAction(sw, 'Allow once');
		await expect
			.poll(() => shown(sw))
			.toEqual([
				{
					title: 'Not answered: it is no longer open',
					body: 'Open the chat to answer.',
					actions: []
				}
			]);
		expect(selects(gateway, second, 'deny')).toBe(1);

		// The app, opened again, shows the turn that went on after the answer.
		const reopened = await profile.context.newPage();
		await reopened.goto(`${gateway.httpUrl}/chat/default`);
		await expect(reopened.getByText('Understood, I did not run the command.')).toBeVisible();
	} finally {
		await profile.close();
	}
});

test('an answer chosen while the gateway cannot be reached is queued and sent once it can be', async ({
	gateway
}, testInfo) => {
	// A refused gateway and the app's reconnect backoff (up to 8 s between tries) take a while.
	test.setTimeout(120_000);
	const profile = await launchProfile(testInfo);
	try {
		await profile.context.grantPermissions(['notifications'], { origin: gateway.httpUrl });
		const page = profile.context.pages()[0] ?? (await profile.context.newPage());
		const other = await profile.context.newPage();
		await pairViaLink(page, gateway);
		await waitForController(page);
		const { cdp, registrationId } = await serviceWorkerRegistration(other, gateway.httpUrl);
		const sw = serviceWorker(profile.context);
		const picker_id = await askApproval(page);
		await page.getByRole('link', { name: 'Settings', exact: true }).click();
		await expect(page).toHaveURL(/\/settings$/);

		// The gateway cannot be reached (down, or this device offline); the app window stays open,
		// trying to reconnect.
		await hook(gateway, 'refuse', { ms: '600000' });
		await hook(gateway, 'drop');
		await expect(connectionStatus(page)).not.toHaveText(startsWith('Connected'));
		await cdp.send('ServiceWorker.deliverPushMessage', {
			origin: gateway.httpUrl,
			registrationId,
			data: JSON.stringify(approvalPush(picker_id))
		});
		await expect
			.poll(async () => (await shown(sw)).map((n) => n.actions))
			.toEqual([['Allow once', 'Deny']]);
		await clickAction(sw, 'Allow once');
		await expect
			.poll(() => shown(sw))
			.toEqual([
				{
					title: 'Queued: Allow once',
					body: 'The gateway cannot be reached right now. Iris sends the answer when it connects again.',
					actions: []
				}
			]);
		expect(selects(gateway, picker_id, 'once')).toBe(0);

		// Reachable again: the window's next connection sends it, once, and the turn goes on.
		await hook(gateway, 'reset');
		await page.goBack();
		await expect(page.getByText('Approved (once).')).toBeVisible({ timeout: 60_000 });
		expect(selects(gateway, picker_id, 'once')).toBe(1);
		await expect.poll(() => readMeta(page, 'queued_answers')).toEqual([]);
	} finally {
		await profile.close();
	}
});
