import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import {
	gatewayPush,
	launchProfile,
	openApp,
	shownNotifications,
	waitForController
} from './pwa-support';

/** ntfy's Web Push body: a message event; the click URL names the chat. */
const ntfyPush = (origin: string, chat_id: string, title: string, message: string) => ({
	event: 'message',
	subscription_id: 'sub-1',
	message: {
		id: 'n-1',
		time: 1_700_000_000,
		event: 'message',
		topic: 'iris-test',
		title,
		message,
		click: `${origin}/chat/${chat_id}`
	}
});

const tags = async (page: Page) => (await shownNotifications(page)).map((n) => n.tag).sort();

function serviceWorker(context: BrowserContext): Worker {
	const [worker] = context.serviceWorkers();
	if (!worker) throw new Error('no service worker');
	return worker;
}

test('pushes of both shapes: one notification per chat, none for the chat on screen', async ({
	gateway
}, testInfo) => {
	const profile = await launchProfile(testInfo);
	try {
		const { page, deliver } = await openApp(profile, gateway, { previews: true });
		await expect(page).toHaveURL(/\/chat\/default$/);
		await page.bringToFront();

		await deliver(gatewayPush('default', 'you are looking at it'));
		await deliver(gatewayPush('ops', 'first'));
		await deliver(gatewayPush('ops', 'second'));
		await deliver(ntfyPush(gateway.httpUrl, 'research', 'Hermes via ntfy', 'Paper summary ready'));
		await deliver(gatewayPush('deploy', 'kubectl apply', 'approval'));
		await deliver({ unrelated: true });

		await expect.poll(() => tags(page)).toEqual(['chat:deploy', 'chat:ops', 'chat:research']);
		const shown = await shownNotifications(page);
		const byTag = (tag: string) => shown.find((n) => n.tag === tag);
		// Messages that piled up in a chat: one digest, with the latest text.
		expect(byTag('chat:ops')).toMatchObject({
			title: '2 new messages',
			body: 'second',
			data: { path: '/chat/ops', chat_id: 'ops', unread: 2 }
		});
		expect(byTag('chat:research')).toMatchObject({
			title: 'Hermes via ntfy',
			body: 'Paper summary ready',
			data: { path: '/chat/research', unread: 1 }
		});
		expect(byTag('chat:deploy')).toMatchObject({ title: 'Approval needed', body: 'kubectl apply' });
		// A burst (a queue delivered at once after being offline) alerts once per chat: the second
		// push for ops updated its notification quietly; an approval always alerts.
		const alerts = await page.evaluate(async () => {
			const registration = await navigator.serviceWorker.ready;
			const shown = await registration.getNotifications();
			return Object.fromEntries(
				shown.map((n) => [n.tag, (n as unknown as { renotify: boolean }).renotify])
			);
		});
		expect(alerts).toEqual({ 'chat:ops': false, 'chat:research': true, 'chat:deploy': true });
		await deliver(gatewayPush('deploy', 'kubectl apply --again', 'approval'));
		await expect
			.poll(() =>
				page.evaluate(async () => {
					const registration = await navigator.serviceWorker.ready;
					const [n] = await registration.getNotifications({ tag: 'chat:deploy' });
					return [n?.body, (n as unknown as { renotify?: boolean } | undefined)?.renotify];
				})
			)
			.toEqual(['kubectl apply --again\n(2 unread)', true]);

		// Read on another device: the gateway's read push closes that chat's notification.
		await deliver(gatewayPush('ops', '', 'read'));
		await expect.poll(() => tags(page)).toEqual(['chat:deploy', 'chat:research']);

		// Away from the chat, its messages pile up into one digest that names the channel.
		await page.getByRole('link', { name: 'Settings', exact: true }).click();
		await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
		await expect(page).toHaveURL(/\/settings$/);
		await deliver(gatewayPush('default', 'one'));
		await deliver(gatewayPush('default', 'two'));
		await deliver(gatewayPush('default', 'three'));
		await expect
			.poll(async () =>
				(await shownNotifications(page))
					.filter((n) => n.tag === 'chat:default')
					.map((n) => [n.title, n.body])
			)
			.toEqual([['3 new messages in General', 'three']]);
	} finally {
		await profile.close();
	}
});

test('a notification click focuses the window already on that chat, else opens one there', async ({
	gateway
}, testInfo) => {
	const profile = await launchProfile(testInfo);
	try {
		const { page } = await openApp(profile, gateway);
		const opsPage = await profile.context.newPage();
		await opsPage.goto(`${gateway.httpUrl}/chat/ops`);
		await waitForController(opsPage);
		const sw = serviceWorker(profile.context);
		// Record which windows the worker focuses and which it opens. (A synthetic click carries no
		// user activation, so Chromium refuses the real openWindow: only the attempt is seen.)
		await sw.evaluate(() => {
			const scope = self as unknown as { focusedIds: string[]; opened: string[] };
			scope.focusedIds = [];
			scope.opened = [];
			const focus = WindowClient.prototype.focus;
			WindowClient.prototype.focus = function (this: WindowClient) {
				scope.focusedIds.push(this.id);
				return focus.call(this);
			};
			Clients.prototype.openWindow = async function (url: string | URL) {
				scope.opened.push(String(url));
				return null;
			};
		});
		const opened = () => sw.evaluate(() => (self as unknown as { opened: string[] }).opened);
		const click = (chat_id: string) =>
			sw.evaluate(async (chat_id) => {
				const scope = self as unknown as ServiceWorkerGlobalScope;
				const tag = `chat:${chat_id}`;
				await scope.registration.showNotification('Test', {
					tag,
					data: { path: `/chat/${chat_id}`, chat_id, unread: 1 }
				});
				const [shown] = await scope.registration.getNotifications({ tag });
				if (!shown) throw new Error('not shown');
				scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
			}, chat_id);
		// The path each focused window shows, asked the way the worker asks (`client.url` is stale
		// after history.replaceState).
		const focused = () =>
			sw.evaluate(async () => {
				const scope = self as unknown as ServiceWorkerGlobalScope & { focusedIds: string[] };
				const where = async (id: string) => {
					const client = await scope.clients.get(id);
					if (!client) return 'gone';
					const channel = new MessageChannel();
					const reply = new Promise<string>((resolve) => {
						channel.port1.onmessage = (e) => resolve((e.data as { path: string }).path);
					});
					client.postMessage({ type: 'WHERE' }, [channel.port2]);
					return reply;
				};
				return Promise.all(scope.focusedIds.map(where));
			});

		// The first window reached its chat through history.replaceState (pairing link → chat).
		await expect(page).toHaveURL(/\/chat\/default$/);
		// Focused as it is: not navigated (the document keeps its state).
		await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
		await click('default');
		await expect.poll(focused).toEqual(['/chat/default']);
		expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
		await click('ops');
		await expect.poll(focused).toEqual(['/chat/default', '/chat/ops']);
		expect(profile.context.pages()).toHaveLength(2);
		await expect(opsPage).toHaveURL(/\/chat\/ops$/);

		expect(await opened()).toEqual([]);

		// No window on that chat: one opens at its URL; the others stay where they are.
		await click('elsewhere');
		await expect.poll(opened).toEqual(['/chat/elsewhere']);
		expect(await focused()).toEqual(['/chat/default', '/chat/ops']);
		await expect(page).toHaveURL(/\/chat\/default$/);
		await expect(opsPage).toHaveURL(/\/chat\/ops$/);
		expect(await tags(page)).toEqual([]);
	} finally {
		await profile.close();
	}
});
