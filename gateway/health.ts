/**
 * `GET /healthz` for process managers and load balancers: JSON
 * `{ ok, store: { kind, ok, error? }, uptime_s, devices_connected, replay_log: { latest, size } }`,
 * status 200 when the store answers, 503 when it does not. No token needed; it reveals no content.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from './http/target';
import type { Hub } from './hub';

/** The path it answers. */
export const HEALTH_PATH = '/healthz';

/** Answer `GET /healthz`; false for any other request. */
export function handleHealth(
	req: IncomingMessage,
	res: ServerResponse,
	hub: Hub,
	target: RequestTarget
): boolean {
	if (target.pathname !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD'))
		return false;
	const store = hub.store.health();
	const body = {
		ok: store.ok,
		store: { kind: hub.store.kind, ...store },
		uptime_s: Math.round((Date.now() - hub.startedAt) / 1000),
		devices_connected: hub.peerCount,
		replay_log: store.ok ? { latest: hub.events.latest, size: hub.events.size } : undefined
	};
	res.writeHead(store.ok ? 200 : 503, {
		'content-type': 'application/json',
		'cache-control': 'no-store'
	});
	res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
	return true;
}
