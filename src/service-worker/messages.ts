/**
 * The page ⇄ service worker message map (GUIDE "one typed message map per boundary").
 * `SKIP_WAITING` is what workbox-window's `messageSkipWaiting()` sends.
 */

/** Page → service worker. */
export type PageToServiceWorker = { type: 'SKIP_WAITING' };

/** Whether a `message` event's data asks the waiting worker to take over. */
export function isSkipWaiting(data: unknown): data is PageToServiceWorker {
	return (
		typeof data === 'object' &&
		data !== null &&
		(data as { type?: unknown }).type === 'SKIP_WAITING'
	);
}
