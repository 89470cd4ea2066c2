/**
 * WebSocket upgrades (`/ws` Iris, `/ws/app` v3), checked in this order, each refusal an HTTP
 * status on the raw socket (nothing is upgraded):
 *
 * 1. 503 while the gateway is down for upgrades (static only, closing, a test hook);
 * 2. 400 for a target that is not a path (./target.ts);
 * 3. 403 for a page on a foreign origin (./origins.ts), before any token is looked at;
 * 4. 429 for an address whose failed authentications emptied its budget (../limits/);
 * 5. v3 agents (`/ws/agent`): upgraded, then closed `4001` for a wrong `api_key` (counted) or
 *    `4003` when `IRIS_V3_AGENT_KEY` is unset (../v3/agent-link.ts);
 *    v3: 401 for a wrong token (checked before the upgrade, as the v3 spec says; counted);
 *    Iris: 503 past the caps on connections without `hello.ack` (per address, in all); once
 *    accepted, the connection must send a valid `hello` within the hello timeout and at most
 *    64 KiB before it (../limits/admission.ts);
 * 6. 404 for any other path.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { V3_WS_PATH } from '../../src/lib/protocol/hermes-v3';
import type { Faults } from '../faults';
import type { Hub } from '../hub';
import { CLOSE_HELLO_TIMEOUT, type Admission } from '../limits/admission';
import { quoted } from '../log-text';
import { Session } from '../session';
import { authorized, requestToken, userOfToken } from '../v3/auth';
import { handleAgentUpgrade, V3_AGENT_WS_PATH } from '../v3/agent-link';
import { V3Connection } from '../v3/connection';
import type { V3Hub } from '../v3/hub';
import type { OriginPolicy } from './origins';
import { addressOf } from './routes';
import { parseTarget } from './target';

/** The Iris WebSocket path. */
export const WS_PATH = '/ws';

/** What upgrades need from the running gateway. */
export interface UpgradeContext {
	hub(): Hub;
	v3: V3Hub;
	wss: WebSocketServer;
	admission: Admission;
	origins: OriginPolicy;
	faults: Faults;
	/** Every Iris session, while its socket is open. */
	sessions: Set<Session>;
	/** Whether upgrades are refused now (static only, closing, restarting, a test hook). */
	down(): boolean;
}

function refuse(socket: Duplex, status: string): void {
	socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
	socket.destroy();
}

/** Handle one `upgrade` event of the HTTP server. Never throws. */
export function handleUpgrade(
	req: IncomingMessage,
	socket: Duplex,
	head: Buffer,
	ctx: UpgradeContext
): void {
	socket.on('error', () => {});
	const hub = ctx.hub();
	if (ctx.down()) return refuse(socket, '503 Service Unavailable');
	const target = parseTarget(req.url);
	if (!target) return refuse(socket, '400 Bad Request');
	const { pathname } = target;
	const agent = pathname === V3_AGENT_WS_PATH;
	if (pathname !== V3_WS_PATH && pathname !== WS_PATH && !agent) {
		return refuse(socket, '404 Not Found');
	}
	if (ctx.origins.foreign(req)) {
		hub.log(
			`upgrade refused: origin ${quoted(req.headers.origin ?? req.headers['sec-fetch-site'])} not allowed`
		);
		return refuse(socket, '403 Forbidden');
	}
	const address = addressOf(req);
	if (agent) {
		if (!ctx.admission.mayAuthenticate(address)) return refuse(socket, '429 Too Many Requests');
		return handleAgentUpgrade(req, socket, head, target, { ...ctx, address });
	}
	if (pathname === V3_WS_PATH) {
		if (!ctx.admission.mayAuthenticate(address)) return refuse(socket, '429 Too Many Requests');
		// The spec checks the token before the upgrade ("Gateway 在 upgrade 前验证").
		if (!authorized(req, hub.options.token, target)) {
			ctx.admission.failed(address);
			hub.log('v3 auth failed: wrong or missing token');
			return refuse(socket, '401 Unauthorized');
		}
		return ctx.wss.handleUpgrade(req, socket, head, (ws) => {
			hub.log('connection opened (v3)');
			new V3Connection(ws, ctx.v3, userOfToken(requestToken(req, target) ?? ''));
		});
	}
	const refusal = ctx.admission.refusal(address);
	if (refusal) {
		hub.log(`upgrade from ${address} refused: ${refusal}`);
		return refuse(socket, refusal);
	}
	ctx.wss.handleUpgrade(req, socket, head, (ws) => {
		hub.log('connection opened');
		const watch = ctx.admission.admit(address, socket, head, {
			timeout: () => ws.close(CLOSE_HELLO_TIMEOUT, 'no hello in time'),
			overflow: (received) => {
				hub.log(`connection cut: ${received} bytes before hello`);
				ws.terminate();
			}
		});
		const session = new Session(ws, ctx.hub(), ctx.faults, {
			authenticated: () => watch.authenticated(),
			mayAuthenticate: () => ctx.admission.mayAuthenticate(address),
			failed: () => ctx.admission.failed(address)
		});
		ctx.sessions.add(session);
		ws.once('close', () => {
			watch.closed();
			ctx.sessions.delete(session);
		});
	});
}
