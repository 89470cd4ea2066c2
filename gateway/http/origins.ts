/**
 * Which web pages may use the gateway. Browsers send `Origin` on every WebSocket handshake and
 * cross-origin `fetch`, and `Sec-Fetch-Site` on the rest (an `<img>`, a link): a page on another
 * origin can reach `127.0.0.1` but is told apart by these headers, which it cannot forge.
 *
 * - Allowed: the app's own origin (the `Host` the request was sent to, over http or https; on a
 *   loopback address `localhost`, `127.0.0.1` and `[::1]` on the same port count as one), the
 *   origins in `IRIS_ALLOWED_ORIGINS` (the app hosted elsewhere, e.g. on a CDN), and clients
 *   that are not web pages at all (no `Origin`, no cross-site `Sec-Fetch-Site`: a CLI, a bot).
 * - Foreign: everything else, `Origin: null` (sandboxed frames, `file:`) included. A foreign
 *   request to a WebSocket or a token-checked endpoint is refused (403) before its token is
 *   looked at, so a page cannot guess tokens, nor empty the address's failure budget (which would
 *   lock the real app on the same address out).
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** `http(s)://host[:port]` of `raw` as `URL.origin` writes it; undefined when not such an origin. */
export function normalizeOrigin(raw: string): string | undefined {
	try {
		const url = new URL(raw);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
		if (url.pathname !== '/' || url.search || url.hash || url.username) return undefined;
		return url.origin;
	} catch {
		return undefined;
	}
}

/**
 * Parse `IRIS_ALLOWED_ORIGINS` (comma-separated origins, e.g.
 * `https://iris.example.com,https://app.example.org`): the origins, or an error naming the
 * first entry that is not an http(s) origin.
 */
export function parseAllowedOrigins(raw: string | undefined): string[] | string {
	const out: string[] = [];
	for (const entry of (raw ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean)) {
		const origin = normalizeOrigin(entry);
		if (!origin)
			return `IRIS_ALLOWED_ORIGINS: "${entry}" is not an origin like https://app.example`;
		out.push(origin);
	}
	return out;
}

function splitHost(host: string): { name: string; port: string } {
	const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host);
	return { name: (m?.[1] ?? host).toLowerCase(), port: m?.[2] ?? '' };
}

/** The origin checks of one gateway. */
export class OriginPolicy {
	readonly #allowed: ReadonlySet<string>;

	constructor(allowed: readonly string[] = []) {
		this.#allowed = new Set(allowed);
	}

	/** Whether `origin` (a request's `Origin`) is the app's own for a request sent to `host`. */
	#own(origin: string, host: string | undefined): boolean {
		if (!host) return false;
		let url: URL;
		try {
			url = new URL(origin);
		} catch {
			return false;
		}
		if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
		if (url.host === host.toLowerCase()) return true;
		const to = splitHost(host);
		const from = { name: url.hostname.toLowerCase(), port: url.port };
		return LOOPBACK.test(from.name) && LOOPBACK.test(to.name) && from.port === to.port;
	}

	/** The request's `Origin` when it is an allowed page's (to echo in CORS), else undefined. */
	allowedOrigin(req: IncomingMessage): string | undefined {
		const origin = req.headers.origin;
		if (origin === undefined) return undefined;
		if (this.#own(origin, req.headers.host)) return origin;
		return this.#allowed.has(normalizeOrigin(origin) ?? '') ? origin : undefined;
	}

	/** Whether `req` comes from a page on a foreign origin (see the module doc). */
	foreign(req: IncomingMessage): boolean {
		if (req.headers.origin !== undefined) return this.allowedOrigin(req) === undefined;
		const site = req.headers['sec-fetch-site'];
		return site !== undefined && site !== 'same-origin' && site !== 'none';
	}
}
