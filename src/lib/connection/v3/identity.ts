/**
 * Who the app is on a v3 gateway (spec "消息结构": `from` is the sender's id): the JWT's `sub`
 * when the token is a JWT that has one, else the user id set at pairing, else `app`.
 */

/** Used when neither the token nor the pairing names the user. */
export const DEFAULT_USER_ID = 'app';

/** The `sub` claim of a JWT (not verified: only the gateway can), or undefined. */
export function jwtSubject(token: string): string | undefined {
	const parts = token.split('.');
	if (parts.length !== 3) return undefined;
	try {
		const b64 = (parts[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
		const json = JSON.parse(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='))) as {
			sub?: unknown;
		};
		return typeof json.sub === 'string' && json.sub ? json.sub : undefined;
	} catch {
		return undefined;
	}
}

/** The v3 `from` for this token and pairing setting. */
export function userIdFor(token: string, setting?: string): string {
	return jwtSubject(token) ?? (setting?.trim() || DEFAULT_USER_ID);
}
