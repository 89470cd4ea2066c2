/**
 * Pairing links: `/pair#url=<ws url>&token=<token>` (doc/security.md "Pairing links"), optionally
 * with `&dialect=iris|v3` and `&user=<user id>` (Hermes Chat v3).
 *
 * A link is only a request: anyone can write one (an email, a web page, an agent's answer), and
 * the gateway it names receives this device's messages. So a link never re-pairs a paired app
 * silently, and a first pairing with a gateway on another host than the app says where it goes
 * before it connects (`pairingDecision`).
 */
import type { GatewayConfig } from './bridge/contract';

/**
 * Read a pairing link's fragment (with or without the leading `#`). Returns null when the url is
 * missing or not `ws://`/`wss://`, or the token is missing.
 */
export function parsePairingFragment(hash: string): GatewayConfig | null {
	const params = new URLSearchParams(hash.replace(/^#/, ''));
	const url = params.get('url')?.trim();
	const token = params.get('token')?.trim();
	if (!url || !token || !/^wss?:\/\/./i.test(url)) return null;
	const config: GatewayConfig = { url, token };
	const dialect = params.get('dialect');
	if (dialect === 'iris' || dialect === 'v3') config.dialect = dialect;
	const user = params.get('user')?.trim();
	if (user) config.user_id = user;
	return config;
}

/** The host (with port) of a gateway URL, as shown to the user; the URL itself if it does not parse. */
export function gatewayHost(url: string): string {
	try {
		return new URL(url).host || url;
	} catch {
		return url;
	}
}

/**
 * What to do with a pairing link:
 * - `same`: it names the pairing the app already has; nothing to do;
 * - `pair`: not paired yet, and the gateway is on the app's own host: pair at once;
 * - `confirm-first`: not paired yet, the gateway is elsewhere: show `host` and ask first;
 * - `confirm-switch`: paired with another gateway (or another token): show both hosts and ask.
 */
export type PairingDecision =
	| { kind: 'same' }
	| { kind: 'pair' }
	| { kind: 'confirm-first'; host: string }
	| { kind: 'confirm-switch'; from: string; to: string };

/**
 * Decide what a pairing link may do. `current`: the stored pairing (null when none); `appHost`:
 * the host (with port) the app is served from (`location.host`).
 */
export function pairingDecision(
	current: GatewayConfig | null,
	next: GatewayConfig,
	appHost: string
): PairingDecision {
	const to = gatewayHost(next.url);
	if (current) {
		const same =
			current.url === next.url &&
			current.token === next.token &&
			(current.dialect ?? null) === (next.dialect ?? null) &&
			(current.user_id ?? null) === (next.user_id ?? null);
		return same ? { kind: 'same' } : { kind: 'confirm-switch', from: gatewayHost(current.url), to };
	}
	return to.toLowerCase() === appHost.toLowerCase()
		? { kind: 'pair' }
		: { kind: 'confirm-first', host: to };
}

/**
 * The gateway socket URL for what a person typed in the pairing form. `ws://` and `wss://` URLs
 * are kept as typed; the page address a gateway prints (`http://host:port`, where it also serves
 * the app) becomes its socket URL: `http:` → `ws:`, `https:` → `wss:`, and an empty path → the Iris
 * endpoint `/ws` (another path, such as a v3 `/ws/app`, is kept). Null for anything else.
 */
export function socketUrlFromInput(input: string): string | null {
	const text = input.trim();
	if (/^wss?:\/\/./i.test(text)) return text;
	if (!/^https?:\/\/./i.test(text)) return null;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return null;
	}
	url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
	if (url.pathname === '/') url.pathname = '/ws';
	url.hash = '';
	return url.href;
}

/** The socket URL of a gateway serving the app at `origin` (`location.origin`): an example for the form. */
export function ownSocketUrl(origin: string): string {
	return socketUrlFromInput(origin) ?? 'ws://127.0.0.1:8787/ws';
}

/**
 * The pairing link for `config`, on the app served at `origin` (`location.origin`): what "Pair
 * another device" shows as a QR code. The secret stays in the fragment, which browsers never send
 * to a server.
 */
export function pairingLink(origin: string, config: GatewayConfig): string {
	const params = new URLSearchParams({ url: config.url, token: config.token });
	if (config.dialect) params.set('dialect', config.dialect);
	if (config.user_id) params.set('user', config.user_id);
	return `${origin}/pair#${params.toString()}`;
}

/**
 * The fragment (with its `#`) of a scanned text when it is a pairing link (`parsePairingFragment`
 * accepts it), else null: a QR code is read like a link anyone could have written, so only its
 * fragment is used, and the pairing page decides what it may do (`pairingDecision`).
 */
export function pairingFragmentOf(text: string): string | null {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return null;
	}
	if (!/^https?:$/.test(url.protocol) || url.pathname !== '/pair') return null;
	return parsePairingFragment(url.hash) ? url.hash : null;
}
