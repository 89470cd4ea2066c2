/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode; Workbox fills
 * `self.__WB_MANIFEST` with every chunk, the shell, icons and the manifest). It imports only
 * lib/db and lib/protocol (GUIDE layout): precache and offline shell, push notifications and
 * clicks. It never skips waiting by itself: the page asks, after the user pressed Reload.
 */
import type { PrecacheEntry } from 'workbox-precaching';
import { IrisDB } from './lib/db/schema';
import { setUpPrecache } from './service-worker/precache';
import { onNotificationClick, onPush } from './service-worker/notify';
import { isSkipWaiting } from './service-worker/messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const sw = self;
/** Opened lazily: a push that needs no channel name never touches IndexedDB. */
let db: IrisDB | undefined;

setUpPrecache(sw, self.__WB_MANIFEST);

sw.addEventListener('message', (event) => {
	if (isSkipWaiting(event.data)) void sw.skipWaiting();
});

sw.addEventListener('push', (event) => {
	db ??= new IrisDB();
	event.waitUntil(onPush(sw, event, db));
});

sw.addEventListener('notificationclick', (event) => {
	event.waitUntil(onNotificationClick(sw, event));
});
