/**
 * The precache install, tried again after a failed fetch. Workbox fails the whole install when one
 * of its ~160 requests fails, and a first install that fails leaves the page without a service
 * worker (no offline start, no notifications) until the next page load: the browser drops the
 * registration. A socket the browser reused just as the server closed it
 * (`net::ERR_SOCKET_NOT_CONNECTED`, seen on a loaded machine) is enough for that.
 */
import type { PrecacheController } from 'workbox-precaching';

/** Waits before the second and third attempt, ms; after the last one the install fails. */
export const INSTALL_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

/**
 * An `install` event for one attempt: Workbox hands its promises to `waitUntil`, and a rejected
 * one would mark the real install failed, whatever came after it. They still keep the worker
 * alive, but only the outcome of `installWithRetries` decides the install. (Workbox reads only
 * `type` and `waitUntil` of it; its development build would also assert `instanceof
 * ExtendableEvent`, the production build has no such check.)
 */
function attemptEvent(event: ExtendableEvent): ExtendableEvent {
	return {
		type: event.type,
		waitUntil: (work: Promise<unknown>) => event.waitUntil(Promise.resolve(work).then(noop, noop))
	} as ExtendableEvent;
}

function noop(): void {}

/**
 * Install `controller`'s precache within `event`, trying again after `delaysMs` (ms) when an
 * attempt fails. A later attempt fetches only what is not cached yet: Workbox answers an entry
 * from the cache when it is there. Rejects with the last attempt's error.
 */
export async function installWithRetries(
	controller: PrecacheController,
	event: ExtendableEvent,
	delaysMs: readonly number[] = INSTALL_RETRY_DELAYS_MS
): Promise<void> {
	for (let attempt = 0; ; attempt += 1) {
		try {
			await controller.install(attemptEvent(event));
			return;
		} catch (e) {
			const delay = delaysMs[attempt];
			if (delay === undefined) throw e;
			console.warn(`[sw] precache install failed; trying again in ${delay} ms`, e);
			await new Promise((resolve) => setTimeout(resolve, delay));
		}
	}
}
