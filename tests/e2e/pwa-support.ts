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
