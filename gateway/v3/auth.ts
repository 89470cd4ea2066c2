/**
 * v3 authentication: the token rides in `?token=` (spec "连接": `/ws/app?token=<jwt>`) or, for
 * the HTTP media endpoints, in `Authorization: Bearer <token>`; it must equal the gateway's
 * `IRIS_TOKEN`. The spec's token is a JWT: when ours is one, its `sub` is the user id.
 */
import type { IncomingMessage } from 'node:http';
import { parseTarget, type RequestTarget } from '../http/target';
import { tokenMatches } from '../session';

/** The user id used when the token is not a JWT with a `sub` (the app's `from` wins later). */
export const V3_DEFAULT_USER = 'user';

/**
 * The token a request carries: `?token=` first, else `Authorization: Bearer …`; or undefined.
 * `target`: the request's parsed target when the caller has it (else parsed here, never throws).
 */
export function requestToken(
	req: IncomingMessage,
	target: RequestTarget | undefined = parseTarget(req.url)
): string | undefined {
	const query = target?.query.get('token');
	if (query) return query;
	const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
	return bearer?.[1];
}

/** True when `req` carries the gateway's token (`target` as for `requestToken`). */
export function authorized(req: IncomingMessage, token: string, target?: RequestTarget): boolean {
	const given = requestToken(req, target ?? parseTarget(req.url));
	return given !== undefined && tokenMatches(given, token);
}

/** The `sub` of a JWT (payload read, signature not checked: the token was compared whole). */
export function userOfToken(token: string): string {
	const parts = token.split('.');
	if (parts.length !== 3) return V3_DEFAULT_USER;
	try {
		const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
		const sub = (payload as { sub?: unknown } | null)?.sub;
		return typeof sub === 'string' && sub !== '' ? sub : V3_DEFAULT_USER;
	} catch {
		return V3_DEFAULT_USER;
	}
}
