/**
 * Which protocol a pairing speaks: the explicit choice when there is one, else what the URL says —
 * a path ending in `/ws/app` is a Hermes Chat v3 gateway (spec/hermes-chat-v3.md "连接"), anything
 * else an Iris one. Pure: used by the pairing form (page) and the connection worker.
 */

/** The two gateway protocols: Iris v1, or Hermes Chat v3 (doc/protocol.md "Hermes Chat v3"). */
export type Dialect = 'iris' | 'v3';

/** Whether a socket URL is a v3 app endpoint (`…/ws/app`). */
export function isV3Url(url: string): boolean {
	try {
		return /\/ws\/app\/?$/.test(new URL(url).pathname);
	} catch {
		return false;
	}
}

/** The dialect of a pairing: `config.dialect`, else detected from the URL. */
export function dialectOf(config: { url: string; dialect?: Dialect }): Dialect {
	return config.dialect ?? (isV3Url(config.url) ? 'v3' : 'iris');
}
