/**
 * Response headers of the app's own pages and files (everything `serveStatic` answers):
 *
 * - `Content-Security-Policy`: the policy the build put in index.html's `<meta>` (svelte.config.js
 *   `kit.csp`, so the header and the page never disagree), plus `frame-ancestors 'none'`, which
 *   only a header can carry: no other page may frame the app (a framed app can be tricked into
 *   clicks, e.g. "Always allow" on an approval). Scripts get the same header: a worker's policy
 *   is its script's response header (the connection worker, the service worker).
 * - `X-Content-Type-Options: nosniff`: a file is only ever what its type says;
 * - `Referrer-Policy: no-referrer`: nothing of the app's address (a chat id) leaks to a link target.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Headers every response of the app carries besides its CSP. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
	'x-content-type-options': 'nosniff',
	'referrer-policy': 'no-referrer'
};

/** Added to the page's own policy; alone when the page has none (a bare test build). */
export const FRAME_POLICY = "frame-ancestors 'none'";

const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

let cached: { file: string; mtimeMs: number; policy: string } | undefined;

/** The policy of the `<meta>` CSP in `html`, or undefined. */
export function metaPolicy(html: string): string | undefined {
	const content = META_CSP.exec(html)?.[1];
	return content
		?.replace(/&#39;|&apos;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&');
}

/**
 * The `Content-Security-Policy` header of the app served from `root` (absolute): index.html's
 * `<meta>` policy with `frame-ancestors 'none'`; for a script (`script`: true), the worker
 * variant. Read again when index.html changes (a rebuild).
 */
export function appPolicy(root: string): string {
	const file = path.join(root, 'index.html');
	const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
	if (mtimeMs === undefined) return FRAME_POLICY;
	if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
		let policy: string | undefined;
		try {
			policy = metaPolicy(readFileSync(file, 'utf8'));
		} catch {
			policy = undefined;
		}
		const full = policy ? `${policy}; ${FRAME_POLICY}` : FRAME_POLICY;
		cached = { file, mtimeMs, policy: full };
	}
	return cached.policy;
}
