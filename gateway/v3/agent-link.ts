/**
 * One v3 agent's WebSocket at `/ws/agent?api_key=<IRIS_V3_AGENT_KEY>` (spec "连接"), and its
 * admission.
 *
 * The key is checked before anything else; the socket is then upgraded only to be closed with a
 * code and a reason an agent's WebSocket library can show: `4001 api_key rejected` (wrong or
 * missing key, counted against the address like a wrong token) or `4003` when the gateway has no
 * `IRIS_V3_AGENT_KEY` (agent connections are off).
 *
 * Accepted agents speak the spec's frames in the agent → app direction. A frame that cannot be
 * decoded is logged and skipped (the agent gets `error{unsupported}` naming why when the frame
 * had enough to address one); nothing an agent sends closes the gateway. `ping` → `pong`.
 * Liveness: the gateway sends WebSocket pings every `idleMs / 3` (30 s) and cuts an agent that
 * sent nothing, not even a pong, for `idleMs` (90 s, spec "ping / pong").
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, type RawData, type WebSocketServer } from 'ws';
import {
	decodeV3Frame,
	encodeV3Frame,
	msToV3Ts,
	newV3Id,
	V3_AGENT_ID,
	V3_NO_SESSION,
	type V3Frame
} from '../../src/lib/protocol/hermes-v3';
import type { Admission } from '../limits/admission';
import type { RequestTarget } from '../http/target';
import { rawToBuffer, tokenMatches } from '../session';
import { V3_GATEWAY_ID, type V3AgentPeer, type V3AgentRelay } from './agent-relay';
import type { V3Hub } from './hub';

/** The agents' WebSocket path (spec "连接"). */
export const V3_AGENT_WS_PATH = '/ws/agent';

/** Close code for a wrong or missing `api_key` (as the app's adapter uses for a bad token). */
export const CLOSE_AGENT_KEY_REJECTED = 4001;

/** Close code when agent connections are off (`IRIS_V3_AGENT_KEY` unset). */
export const CLOSE_AGENT_KEY_UNSET = 4003;

/** True when `key` is the gateway's agent key (`IRIS_V3_AGENT_KEY`); false when that is unset. */
export function agentKeyMatches(
	key: string | undefined | null,
	expected: string | undefined
): boolean {
	return Boolean(key && expected && tokenMatches(key, expected));
}

/**
 * True when `req` carries the agent key: `?api_key=` or `Authorization: Bearer <key>` (`target`:
 * the request's parsed target).
 */
export function agentAuthorized(
	req: IncomingMessage,
	expected: string | undefined,
	target: RequestTarget
): boolean {
	const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
	return agentKeyMatches(target.query.get('api_key') ?? bearer, expected);
}

/** What an agent upgrade needs from the gateway. */
export interface AgentUpgradeContext {
	v3: V3Hub;
	wss: WebSocketServer;
	admission: Admission;
	address: string;
}

/** Upgrade `/ws/agent`, then keep it as an agent or close it with the reason (module comment). */
export function handleAgentUpgrade(
	req: IncomingMessage,
	socket: Duplex,
	head: Buffer,
	target: RequestTarget,
	ctx: AgentUpgradeContext
): void {
	const { v3, admission, address } = ctx;
	const relay = v3.relay;
	const refusal = !relay.key
		? ({
				code: CLOSE_AGENT_KEY_UNSET,
				reason: 'agent connections are off: IRIS_V3_AGENT_KEY is not set'
			} as const)
		: !agentKeyMatches(target.query.get('api_key'), relay.key)
			? ({ code: CLOSE_AGENT_KEY_REJECTED, reason: 'api_key rejected' } as const)
			: undefined;
	if (refusal?.code === CLOSE_AGENT_KEY_REJECTED) admission.failed(address);
	ctx.wss.handleUpgrade(req, socket, head, (ws) => {
		if (refusal) {
			v3.hub.log(`v3 agent refused: ${refusal.reason}`);
			ws.close(refusal.code, refusal.reason);
			return;
		}
		new V3AgentLink(ws, v3, relay);
	});
}

/** An accepted agent socket; lives as long as the socket. */
export class V3AgentLink implements V3AgentPeer {
	readonly #ws: WebSocket;
	readonly #v3: V3Hub;
	readonly #relay: V3AgentRelay;
	#idle: NodeJS.Timeout | undefined;
	readonly #pinger: NodeJS.Timeout;

	constructor(ws: WebSocket, v3: V3Hub, relay: V3AgentRelay) {
		this.#ws = ws;
		this.#v3 = v3;
		this.#relay = relay;
		ws.on('message', (data, isBinary) => this.#receive(data, isBinary));
		ws.on('pong', () => this.#touch());
		ws.on('close', (code) => {
			clearTimeout(this.#idle);
			clearInterval(this.#pinger);
			relay.remove(this);
			v3.hub.log(`v3 agent connection closed (${code})`);
		});
		ws.on('error', (e) => v3.hub.log(`v3 agent socket error: ${e.message}`));
		this.#pinger = setInterval(() => ws.ping(), Math.max(1, Math.floor(v3.idleMs / 3)));
		this.#pinger.unref();
		this.#touch();
		relay.add(this);
	}

	send(frame: V3Frame): void {
		if (this.#ws.readyState !== WebSocket.OPEN) return;
		const text = encodeV3Frame(frame, 'app_to_server');
		// Not recorded (IRIS_RECORD_FRAMES): the recording is of app links, checked by direction.
		this.#ws.send(text);
	}

	#touch(): void {
		clearTimeout(this.#idle);
		this.#idle = setTimeout(() => {
			this.#v3.hub.log(`v3 agent: nothing received for ${this.#v3.idleMs} ms; connection cut`);
			this.#ws.terminate();
		}, this.#v3.idleMs);
		this.#idle.unref();
	}

	#receive(data: RawData, isBinary: boolean): void {
		this.#touch();
		if (isBinary) {
			this.#v3.hub.log('v3 agent frame skipped: binary frames are not part of v3');
			return;
		}
		const text = rawToBuffer(data).toString('utf8');
		try {
			const decoded = decodeV3Frame(text, 'server_to_app');
			if (!decoded.ok) {
				const { message, id, session } = decoded.error;
				this.#v3.hub.log(`v3 agent frame skipped: ${message}`);
				this.#refused(message, id, session);
				return;
			}
			const f = decoded.frame;
			if (f.type === 'ping') return this.send({ type: 'pong' });
			if (f.type === 'pong') return;
			this.#relay.fromAgent(this, f);
		} catch (e) {
			// A bug in the relay must not take the gateway down.
			this.#v3.hub.log(`v3 agent: internal error: ${e instanceof Error ? e.message : String(e)}`);
		}
	}

	/** Tell the agent why its frame was skipped (its own frame may not say who to answer as). */
	#refused(text: string, id: string | undefined, session: string | undefined): void {
		this.send({
			id: newV3Id(),
			type: 'error',
			from: V3_GATEWAY_ID,
			to: V3_AGENT_ID,
			session: session ?? V3_NO_SESSION,
			...(id ? { reply_to: id } : {}),
			ts: msToV3Ts(Date.now()),
			data: { code: 'unsupported', text }
		});
	}
}
