/**
 * The page ⇄ service worker message map (each boundary has one typed message map).
 *
 * - `SKIP_WAITING` (page → waiting worker): what workbox-window's `messageSkipWaiting()` sends
 *   after the user pressed Reload.
 * - `WHERE` (worker → page, with a reply port): which path the window shows. `WindowClient.url`
 *   is not reliable for that: Chromium keeps the URL the document loaded with, not the one
 *   `history.replaceState` moved it to (the SPA's routes).
 */

export type PageToServiceWorker = { type: 'SKIP_WAITING' };
export type ServiceWorkerToPage = { type: 'WHERE' };
/** The page's answer on the `WHERE` reply port: `location.pathname`. */
export interface WhereReply {
	path: string;
}

function typed(data: unknown, type: string): boolean {
	return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}

/** Whether a `message` event's data asks the waiting worker to take over. */
export function isSkipWaiting(data: unknown): data is PageToServiceWorker {
	return typed(data, 'SKIP_WAITING');
}

/** Whether a message from the service worker asks where the page is. */
export function isWhere(data: unknown): data is ServiceWorkerToPage {
	return typed(data, 'WHERE');
}

/** The path in a `WHERE` reply, or undefined for anything else. */
export function whereReplyPath(data: unknown): string | undefined {
	const path = (data as Partial<WhereReply> | null)?.path;
	return typeof path === 'string' ? path : undefined;
}
