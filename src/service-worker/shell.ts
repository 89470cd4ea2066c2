/**
 * The shell for navigations, never with holes: the precached `index.html` is served only while
 * every hashed file of its build (`/_app/immutable/…`) is in the precache too. A browser may
 * evict part of the cache storage, or an install may have been cut short; a shell whose chunks
 * are missing would start as a blank page offline. With a hole, the navigation goes to the
 * network, and the missing files are fetched into the precache again; with
 * no network either, a small page says what happened and offers to try again.
 */
import type { PrecacheController } from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core';

/** Hashed build output: what a shell of that build may ask for. */
export const isChunk = (url: URL): boolean => url.pathname.startsWith('/_app/immutable/');

/** The build's hashed files not in the precache now: `[url, precache key]` pairs. */
export async function missingChunks(
	caches: CacheStorage,
	controller: PrecacheController
): Promise<[string, string][]> {
	const cache = await caches.open(controller.strategy.cacheName);
	// One `keys()` instead of a `match` per file: a navigation should not wait on 300 lookups.
	const present = new Set((await cache.keys()).map((request) => request.url));
	return [...controller.getURLsToCacheKeys()].filter(
		([url, key]) => isChunk(new URL(url)) && !present.has(key)
	);
}

/** Fetch the missing files into the precache again (what cannot be fetched stays missing). */
async function refill(
	caches: CacheStorage,
	controller: PrecacheController,
	missing: [string, string][]
): Promise<void> {
	const cache = await caches.open(controller.strategy.cacheName);
	for (const [url, key] of missing) {
		const response = await fetch(url).catch(() => undefined);
		if (response?.ok) await cache.put(key, response);
	}
}

/** Shown when the shell has holes and the network cannot fill them (no script, no styles loaded). */
function holeyPage(url: string): Response {
	const href = new URL(url).pathname.replace(/[^\w/.~%-]/g, '');
	const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Iris</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.25rem;color:#1f2430;background:#fff}@media (prefers-color-scheme:dark){body{color:#e6e8ee;background:#15181f}a{color:#9ab8ff}}a{display:inline-block;margin-top:1rem;padding:.6rem 1rem;border:1px solid currentColor;border-radius:.5rem}</style></head><body><h1>Iris needs the network once</h1><p>Part of the app stored on this device is missing (the browser may have cleared some of it to free space), so it cannot start offline. Your messages are still stored. Connect to the network, then try again.</p><a href="${href}">Try again</a></body></html>`;
	return new Response(html, {
		status: 503,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
			'Cache-Control': 'no-store'
		}
	});
}

/**
 * The navigation handler: the precached shell when its build is whole, else the network, else
 * the "needs the network" page.
 */
export function shellHandler(
	sw: ServiceWorkerGlobalScope,
	controller: PrecacheController,
	shellUrl: string
): (options: RouteHandlerCallbackOptions) => Promise<Response> {
	const cachedShell = controller.createHandlerBoundToURL(shellUrl);
	return async (options) => {
		const missing = await missingChunks(sw.caches, controller);
		if (missing.length === 0) return cachedShell(options);
		console.warn(`[sw] ${missing.length} precached files are missing: shell from the network`);
		let response: Response;
		try {
			response = await fetch(options.request);
		} catch {
			return holeyPage(options.request.url);
		}
		// Online again: fill the holes, so the next start offline works.
		const refilled = refill(sw.caches, controller, missing).catch((e: unknown) =>
			console.warn('[sw] could not refill the precache', e)
		);
		if (options.event instanceof ExtendableEvent) options.event.waitUntil(refilled);
		return response;
	};
}
