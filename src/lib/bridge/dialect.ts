/**
 * Which protocol a pairing speaks (issue 9): the explicit choice when there is one, else what
 * the URL says — a path ending in `/ws/app` is a Hermes Chat v3 gateway (spec "连接"), anything
 * else an Iris one. Shared by the pairing form (page) and the connection worker.
 */
import type { Dialect, GatewayConfig } from './contract';

/** Whether a socket URL is a v3 app endpoint (`…/ws/app`). */
export function isV3Url(url: string): boolean {
	try {
		return /\/ws\/app\/?$/.test(new URL(url).pathname);
	} catch {
		return false;
	}
}

/** The dialect of a pairing: `config.dialect`, else detected from the URL. */
export function dialectOf(config: Pick<GatewayConfig, 'url' | 'dialect'>): Dialect {
	return config.dialect ?? (isV3Url(config.url) ? 'v3' : 'iris');
}
