/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode; Workbox fills
 * `self.__WB_MANIFEST` with every chunk, the shell, icons and the manifest). It imports only lib/db
 * and lib/protocol (doc/architecture.md "Layers"): precache and offline shell, push notifications
 * and clicks, shares from other apps. It never skips waiting by itself: the page asks, after the
 * user pressed Reload.
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { IrisDB } from './lib/db/schema';
import { activeGateway, FIRST_STORE, openDirectory } from './lib/db/gateways';
import { setUpPrecache } from './service-worker/precache';
import { onNotificationClick, onPush } from './service-worker/notify';
import { serialQueue } from './service-worker/serial';
import { isShare, receiveShare } from './service-worker/share-target';
import { onSubscriptionChange, type SubscriptionChange } from './service-worker/resubscribe';
import { isSkipWaiting } from './lib/protocol/sw-messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const sw = self;
/**
 * The active gateway's store (one store per gateway, db/gateways.ts), looked up for each push:
 * the app may have switched gateways since the last one. Opened lazily.
 */
let db: IrisDB | undefined;

async function activeStore(): Promise<IrisDB> {
	let name = FIRST_STORE;
	try {
		const dir = await openDirectory();
		name = (await activeGateway(dir))?.store ?? FIRST_STORE;
		dir.close();
	} catch (e) {
		console.warn('[sw] no gateway directory; reading the first store', e);
	}
	if (db?.name !== name) {
		db?.close();
		db = new IrisDB(name);
	}
	return db;
}
/**
 * Pushes are handled one after another: each reads the chat's shown notification to count
 * unread messages, so two at once would both count from the same one.
 */
const pushes = serialQueue();

// Before Workbox's router (which answers GET only): a share posted by another app.
sw.addEventListener('fetch', (event) => {
	if (isShare(sw, event.request)) event.respondWith(receiveShare(sw, event.request));
});

setUpPrecache(sw, self.__WB_MANIFEST);

sw.addEventListener('message', (event) => {
	if (isSkipWaiting(event.data)) void sw.skipWaiting();
});

/**
 * Keep the worker alive until `work` settles. A synthetic event (dispatched from DevTools or a
 * test) cannot be extended — `waitUntil` throws — but the work still runs.
 */
function keepAlive(event: ExtendableEvent, work: Promise<void>): void {
	const logged = work.catch((e: unknown) => console.error(`[sw] ${event.type} failed`, e));
	if (event.isTrusted) event.waitUntil(logged);
}

sw.addEventListener('push', (event) => {
	keepAlive(
		event,
		pushes(async () => onPush(sw, event, await activeStore()))
	);
});

sw.addEventListener('pushsubscriptionchange', (event) => {
	keepAlive(
		event as ExtendableEvent,
		(async () => onSubscriptionChange(sw, event as SubscriptionChange, await activeStore()))()
	);
});

sw.addEventListener('notificationclick', (event) => {
	keepAlive(event, onNotificationClick(sw, event, activeStore));
});
