/**
 * Response headers of the app's own pages and files (everything `serveStatic` answers).
 * `X-Content-Type-Options: nosniff`: a file is only ever what its type says.
 * `Referrer-Policy: no-referrer`: nothing of the app's address (a chat id) leaks to a link target.
 */

/** Headers every response of the app carries. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};
