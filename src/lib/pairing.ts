/**
 * Pairing links: `/pair#url=<ws url>&token=<token>` (doc/ui-contract.md "pairing link"), optionally
 * with `&dialect=iris|v3` and `&user=<user id>` (Hermes Chat v3).
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
