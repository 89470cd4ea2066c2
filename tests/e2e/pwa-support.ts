/**
 * Helpers for the PWA end-to-end tests: a persistent Chromium profile (installability,
 * notifications and push need one: a normal Playwright context is incognito), the service
 * worker's CDP registration id, and the app's notifications.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
	expect,
	chromium,
	type BrowserContext,
	type CDPSession,
	type Page,
	type TestInfo
} from '@playwright/test';
import { pairViaLink, type Gateway } from './fixtures';

/** The reference gateway's push body (src/lib/protocol/push.ts `GatewayPush`). */
export const gatewayPush = (chat_id: string, body: string, kind = 'message') => ({
	v: 1,
	type: 'push',
	kind,
	chat_id,
	body
});

/** Read the app store's (`iris`) meta value `key` in `page`; undefined when unset. */
export function readMeta(page: Page, key: string): Promise<unknown> {
	return page.evaluate(
		(key) =>
			new Promise<unknown>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const read = open.result.transaction('meta').objectStore('meta').get(key);
					read.onsuccess = () => {
						open.result.close();
						resolve((read.result as { value?: unknown } | undefined)?.value);
					};
					read.onerror = () => reject(read.error);
				};
			}),
		key
	);
}

/**
 * Turn message text in notifications on (Settings › Notifications) for the pages `context` opens
 * from now on, as a choice made earlier on this device.
 */
export async function showMessageText(context: BrowserContext): Promise<void> {
	await context.addInitScript(() => localStorage.setItem('iris.notify-previews', 'on'));
}

/** Opens Settings from the sidebar and waits for its Notifications section. */
export async function openNotificationSettings(page: Page): Promise<void> {
	await page.getByRole('link', { name: 'Settings', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
}

/** A persistent browser profile, removed by `close()`. */
export interface Profile {
	context: BrowserContext;
	close(): Promise<void>;
}

/** Launch Chromium with a fresh on-disk profile and the project's launch options. */
export async function launchProfile(testInfo: TestInfo): Promise<Profile> {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-e2e-profile-'));
	const context = await chromium.launchPersistentContext(dir, {
		...testInfo.project.use.launchOptions
	});
	// What the pages and the service worker logged, attached to the test (the list reporter
	// prints attachments of failed tests only): a push the service worker could not show says why
	// only there. The test's status is not known yet when a `finally` closes the profile.
	const logged: string[] = [];
	context.on('console', (message) => {
		const where = message.worker() ? 'worker' : 'page';
		logged.push(`[${where}] ${message.type()}: ${message.text()}`);
	});
	return {
		context,
		async close() {
			if (logged.length > 0) {
				await testInfo.attach('browser-console.log', {
					body: logged.join('\n'),
					contentType: 'text/plain'
				});
			}
			await context.close();
			await rm(dir, { recursive: true, force: true });
		}
	};
}

/** Resolves once the page's service worker is active and controls the page. */
export async function waitForController(page: Page): Promise<void> {
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * A CDP session with the ServiceWorker domain on, and the registration id of the service worker
 * for `origin` (from `ServiceWorker.workerRegistrationUpdated`).
 */
export async function serviceWorkerRegistration(
	page: Page,
	origin: string
): Promise<{ cdp: CDPSession; registrationId: string }> {
	const cdp = await page.context().newCDPSession(page);
	const found = new Promise<string>((resolve) => {
		cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
			const match = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
			if (match) resolve(match.registrationId);
		});
	});
	await cdp.send('ServiceWorker.enable');
	return { cdp, registrationId: await found };
}

/** What `registration.getNotifications()` shows, in a serialisable form. */
export interface ShownNotification {
	title: string;
	body: string;
	tag: string;
	data: { path: string; chat_id?: string; unread: number } | null;
}

/** The notifications the app's service worker currently shows. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
	return page.evaluate(async () => {
		const registration = await navigator.serviceWorker.ready;
		return (await registration.getNotifications()).map((n) => ({
			title: n.title,
			body: n.body,
			tag: n.tag,
			data: n.data as ShownNotification['data']
		}));
	});
}

/**
 * Headless Chromium has no push service to subscribe with (subscribe() never settles offline), so
 * PushManager is replaced by one that hands out a fixed subscription for the key it is given.
 */
export function stubPushManager(): void {
	let current: unknown = null;
	PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
		const sub = {
			endpoint: 'https://push.example/subscription-1',
			options: { applicationServerKey: options?.applicationServerKey, userVisibleOnly: true },
			toJSON: () => ({
				endpoint: 'https://push.example/subscription-1',
				expirationTime: null,
				keys: { p256dh: 'P256DH', auth: 'AUTH' }
			}),
			unsubscribe: async () => {
				current = null;
				return true;
			}
		};
		current = sub;
		return sub as unknown as PushSubscription;
	};
	PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
}

/**
 * Open the app in `profile` with notifications allowed, paired with `gateway`, under its service
 * worker; `deliver` hands the worker a push message through CDP. `previews`: turn message text in
 * notifications on first (Settings › Notifications; off by default).
 */
export async function openApp(
	profile: Profile,
	gateway: Gateway,
	{ previews = false } = {}
): Promise<{ page: Page; deliver: (data: unknown) => Promise<void> }> {
	await profile.context.grantPermissions(['notifications'], { origin: gateway.httpUrl });
	if (previews) await showMessageText(profile.context);
	// A persistent context starts with one blank page: use it.
	const page = profile.context.pages()[0] ?? (await profile.context.newPage());
	await pairViaLink(page, gateway);
	await waitForController(page);
	// The service worker reads the choice from the store.
	await expect.poll(() => readMeta(page, 'notify_previews')).toBe(previews);
	const { cdp, registrationId } = await serviceWorkerRegistration(page, gateway.httpUrl);
	const deliver = async (data: unknown) => {
		await cdp.send('ServiceWorker.deliverPushMessage', {
			origin: gateway.httpUrl,
			registrationId,
			data: JSON.stringify(data)
		});
	};
	return { page, deliver };
}
