/**
 * A push subscription the browser renews (`pushsubscriptionchange`) is replaced at once, with no
 * app window needed: the service worker subscribes again with the gateway's key, stores the new
 * subscription and registers it with the gateway over a brief connection of its own. Chromium
 * neither fires the event nor has a push service here: the event is dispatched in the worker,
 * and PushManager is stubbed (pwa-support.ts).
 */
import { expect, pairViaLink, test } from './fixtures';
import { openNotificationSettings, stubPushManager, waitForController } from './pwa-support';

test.use({
	gatewayOptions: { env: { IRIS_PUSH: 'webpush', IRIS_VAPID_SUBJECT: 'mailto:tests@example.com' } }
});

test('a renewed push subscription is registered with the gateway by the service worker', async ({
	page,
	context,
	gateway
}) => {
	await context.grantPermissions(['notifications'], { origin: gateway.httpUrl });
	await page.addInitScript(stubPushManager);
	await pairViaLink(page, gateway);
	await waitForController(page);
	await openNotificationSettings(page);
	let from = gateway.output.length;
	await page.getByRole('button', { name: 'Enable notifications', exact: true }).click();
	await gateway.waitForLine(/push: device \S+ registered web push$/, { from });

	const [sw] = context.serviceWorkers();
	if (!sw) throw new Error('no service worker');
	from = gateway.output.length;
	await sw.evaluate(() => {
		const endpoint = 'https://push.example/subscription-renewed';
		PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
			const renewed = {
				endpoint,
				options: { applicationServerKey: options?.applicationServerKey, userVisibleOnly: true },
				toJSON: () => ({
					endpoint,
					expirationTime: null,
					keys: { p256dh: 'P256DH-2', auth: 'AUTH-2' }
				})
			};
			return renewed as unknown as PushSubscription;
		};
		const change = new ExtendableEvent('pushsubscriptionchange');
		Object.defineProperties(change, {
			oldSubscription: { value: null },
			newSubscription: { value: null }
		});
		self.dispatchEvent(change);
	});
	// A connection of the worker's own says hello with the new subscription, then closes.
	await gateway.waitForLine(/\] authenticated device \S+$/, { from });
	await gateway.waitForLine(/push: device \S+ registered web push$/, { from });
	await gateway.waitForLine(/connection closed \(1000, device \S+\)$/, { from });
	// Stored too: every later hello of the app carries it.
	const stored = await page.evaluate(
		() =>
			new Promise<string>((resolve, reject) => {
				const open = indexedDB.open('iris');
				open.onerror = () => reject(open.error);
				open.onsuccess = () => {
					const read = open.result.transaction('meta').objectStore('meta').get('push');
					read.onsuccess = () => {
						open.result.close();
						resolve(JSON.stringify(read.result?.value ?? null));
					};
				};
			})
	);
	expect(JSON.parse(stored)).toMatchObject({
		via: 'fcm',
		fcm_token: expect.stringContaining('subscription-renewed')
	});
});
