/**
 * The socket for a pairing's dialect: a plain `WebSocket` for Iris, the v3 adapter
 * (`v3/socket.ts`) for Hermes Chat v3, each with its reconnect delays. The rest of the worker
 * does not know which one it talks to.
 */
import type { GatewayConfig } from '../bridge/contract';
import { dialectOf } from '../protocol/dialect';
import type { IrisDB } from '../db/schema';
import { Backoff, V3_BACKOFF_STEPS_MS } from './backoff';
import type { SocketLike } from './link';
import { V3Socket, type V3SocketDeps, type V3State } from './v3/socket';
import { SessionOrder } from './v3/order';

export interface DialectDeps {
	db: IrisDB;
	/** Opens a real WebSocket. */
	createWebSocket: (url: string) => SocketLike;
	randomUUID: () => string;
	/** Epoch ms. */
	now: () => number;
	report: (line: string) => void;
	/** The v3 HTTP media calls (tests replace them; `v3/http.ts` by default). */
	upload?: V3SocketDeps['upload'];
	download?: V3SocketDeps['download'];
}

/** `createSocket` and `backoffFor` for `IrisClient`, choosing by the pairing's dialect. */
export function dialectSockets(deps: DialectDeps): {
	createSocket: (url: string, config: GatewayConfig) => SocketLike;
	backoffFor: (config: GatewayConfig) => Backoff;
} {
	// Streams outlive a socket: one cut by a reconnect goes on in the same bubble.
	const state: V3State = { streams: new Map(), order: new SessionOrder() };
	return {
		createSocket: (url, config) =>
			dialectOf(config) === 'v3'
				? new V3Socket(url, {
						...deps,
						state,
						...(config.user_id ? { userId: config.user_id } : {})
					})
				: deps.createWebSocket(url),
		backoffFor: (config) =>
			dialectOf(config) === 'v3' ? new Backoff({ steps: V3_BACKOFF_STEPS_MS }) : new Backoff()
	};
}
