/**
 * The page ⇄ service worker message map (each boundary has one typed message map).
 *
 * - `SKIP_WAITING` (page → waiting worker): what workbox-window's `messageSkipWaiting()` sends
 *   after the user pressed Reload.
 * - `WHERE` (worker → page, with a reply port): which path the window shows. `WindowClient.url`
 *   is not reliable for that: Chromium keeps the URL the document loaded with, not the one
 *   `history.replaceState` moved it to (the SPA's routes).
 * - `ANSWER` (worker → page, with a reply port): answer a picker with the choice made on a
 *   notification's action; the page sends it through its own connection and replies with an
 *   `AnswerReply`.
 */

export type PageToServiceWorker = { type: 'SKIP_WAITING' };

/** A picker answered from a notification: `value` for `picker.select`, `label` as shown. */
export interface AnswerRequest {
	type: 'ANSWER';
	picker_id: string;
	value: string;
	label: string;
}

export type ServiceWorkerToPage = { type: 'WHERE' } | AnswerRequest;

/**
 * The page's reply to `ANSWER`: `answered`; `failed` with why (for people); or `unknown` — this
 * page's store does not have the picker, so the worker answers another way.
 */
export type AnswerReply =
	{ outcome: 'answered' } | { outcome: 'failed'; error: string } | { outcome: 'unknown' };
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

/** Whether a message from the service worker asks the page to answer a picker. */
export function isAnswer(data: unknown): data is AnswerRequest {
	if (!typed(data, 'ANSWER')) return false;
	const { picker_id, value, label } = data as Partial<AnswerRequest>;
	return typeof picker_id === 'string' && typeof value === 'string' && typeof label === 'string';
}

/** The `AnswerReply` in a reply port's message, or undefined for anything else. */
export function answerReplyOf(data: unknown): AnswerReply | undefined {
	const outcome = (data as Partial<AnswerReply> | null)?.outcome;
	if (outcome === 'answered' || outcome === 'unknown') return { outcome };
	const error = (data as { error?: unknown } | null)?.error;
	if (outcome === 'failed') return { outcome, error: typeof error === 'string' ? error : '' };
	return undefined;
}

/** The path in a `WHERE` reply, or undefined for anything else. */
export function whereReplyPath(data: unknown): string | undefined {
	const path = (data as Partial<WhereReply> | null)?.path;
	return typeof path === 'string' ? path : undefined;
}
