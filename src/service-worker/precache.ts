/**
 * Precaching with Workbox, adjusted so that versions never mix and old tabs keep working:
 *
 * - Every build's shell (index.html), chunks, icons and manifest are precached at install (a
 *   failed fetch is tried again, `./install-retry.ts`); a navigation is answered with the
 *   precached shell (online or not), so the HTML always belongs to the same build as the chunks
 *   beside it — unless some of those chunks went missing
 *   (`./shell.ts`: then the network, or a page that says so, never a blank start).
 * - The new worker waits; it only takes over when the user asks (`SKIP_WAITING` message).
 * - When it takes over, the chunks of the build it replaces are kept in `RETIRED_CACHE` before
 *   Workbox deletes them from the precache: a tab still running that build can lazy-load its
 *   chunks until it reloads. Only the last retired build is kept.
 * - Build files left out of the precache (Mermaid's chunks, KaTeX's fonts) are kept once fetched
 *   (`./lazy-cache.ts`), so what was used once works offline.
 * - Nothing else is cached: media comes over the WebSocket into IndexedDB, not through fetch.
 */
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { installWithRetries } from './install-retry';
import { lazyAsset } from './lazy-cache';
import { isChunk, shellHandler } from './shell';

/** Chunks of the previous build, for tabs that still run it. */
export const RETIRED_CACHE = 'iris-retired-chunks';

/** The shell's URL in the precache manifest (adapter-static's SPA fallback). */
const SHELL_URL = '/index.html';

/** Copy the precached chunks the new manifest drops into `RETIRED_CACHE` (replacing it). */
async function retireChunks(
	sw: ServiceWorkerGlobalScope,
	controller: PrecacheController
): Promise<void> {
	const cacheName = controller.strategy.cacheName;
	const precache = await sw.caches.open(cacheName);
	const expected = new Set(controller.getURLsToCacheKeys().values());
	const leaving = (await precache.keys()).filter(
		(request) => !expected.has(request.url) && isChunk(new URL(request.url))
	);
	if (leaving.length === 0) return;
	await sw.caches.delete(RETIRED_CACHE);
	const retired = await sw.caches.open(RETIRED_CACHE);
	for (const request of leaving) {
		const response = await precache.match(request);
		if (response) await retired.put(request, response);
	}
}

/**
 * Install the precache for `manifest` (Workbox's `self.__WB_MANIFEST`) and the routes that
 * serve it: precached files, the shell for navigations, retired chunks for old tabs.
 */
export function setUpPrecache(
	sw: ServiceWorkerGlobalScope,
	manifest: (PrecacheEntry | string)[]
): void {
	const controller = new PrecacheController();
	controller.addToCacheList(manifest);
	sw.addEventListener('install', (event) => {
		event.waitUntil(installWithRetries(controller, event));
	});
	sw.addEventListener('activate', (event) => {
		// Retire first: Workbox's cleanup deletes what the new manifest does not list. Claiming
		// the open pages is safe: on a first install they run this very build, and on an update
		// they already switch to the new worker (old chunks stay reachable, see above).
		event.waitUntil(
			retireChunks(sw, controller)
				.then(() => controller.activate(event))
				.then(() => sw.clients.claim())
		);
	});

	const router = new Router();
	router.registerRoute(new PrecacheRoute(controller));
	router.registerRoute(
		new NavigationRoute(shellHandler(sw, controller, SHELL_URL), {
			// The WebSocket endpoint and the gateway's HTTP API are not app pages.
			denylist: [/^\/ws$/, /^\/api\//]
		})
	);
	router.registerRoute(
		new Route(
			({ url }) => url.origin === sw.location.origin && isChunk(url),
			({ request }) => lazyAsset(sw.caches, request, [RETIRED_CACHE])
		)
	);
	router.addFetchListener();
	router.addCacheListener();
}
