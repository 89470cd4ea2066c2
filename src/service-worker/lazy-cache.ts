/**
 * Build output that is not precached but must work offline once used (doc/rendering.md
 * "Offline"): KaTeX's fonts (only the ones a formula needed are ever fetched) and Mermaid's
 * chunks (megabytes no one should download at install). Their URLs are content-hashed under
 * `/_app/immutable/`, so a cached copy is always right: cache first, then the network, and
 * a good answer is kept.
 */

/** Where fetched-on-demand build files are kept. */
export const LAZY_CACHE = 'iris-lazy-assets';

/**
 * Answer `request` (a same-origin `/_app/immutable/` URL the precache does not hold): from
 * `caches` (first `RETIRED_CACHE`-style `also` caches, then `LAZY_CACHE`), else from the network,
 * keeping a 200 answer in `LAZY_CACHE`.
 *
 * @throws (rejects) when it is in no cache and the network fails (offline, never used).
 */
export async function lazyAsset(
	caches: CacheStorage,
	request: Request,
	also: readonly string[]
): Promise<Response> {
	for (const name of [...also, LAZY_CACHE]) {
		const hit = await (await caches.open(name)).match(request);
		if (hit) return hit;
	}
	const response = await fetch(request);
	if (response.ok && response.status === 200) {
		await (await caches.open(LAZY_CACHE)).put(request, response.clone());
	}
	return response;
}
