/**
 * The reference gateway: one HTTP server that serves the built SPA, accepts Iris v1 WebSocket
 * connections at `/ws`, and speaks Hermes Chat v3 at `/ws/app?token=` with its media endpoints
 * (`gateway/v3/`), relaying to v3 agents connected at `/ws/agent?api_key=` (doc/v3-relay.md).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { DEFAULT_STEP_MS } from './demo-agent';
import { Faults } from './faults';
import { Hub } from './hub';
import { frameRecorder } from './recorder';
import { importStateFile } from './storage/import';
import { MemoryStore } from './storage/memory';
import type { GatewayStore } from './storage/types';
import { restore } from './control/restore';
import { watchToken } from './token-watch';
import { linkHost, urlHost } from './links';
import type { TestHookTarget } from './test-hooks';
import type { PushOptions } from './push/options';
import { V3_WS_PATH } from '../src/lib/protocol/hermes-v3';
import type { Session } from './session';
import { V3Hub } from './v3/hub';
import { V3_AGENT_WS_PATH } from './v3/agent-link';
import { V3IrisAgent } from './v3/iris-agent';
import { handleRequest } from './http/routes';
import { OriginPolicy } from './http/origins';
import { handleUpgrade, WS_PATH } from './http/upgrade';
import { Admission } from './limits/admission';
import { limitsWith, type Limits } from './limits/settings';
import type { Agent } from './agents/agent';
import { frame } from '../src/lib/protocol/iris';

/** Options of `startGateway`. */
export interface GatewayOptions {
	/** Interface to listen on, e.g. `127.0.0.1`. */
	host: string;
	/** TCP port; 0 picks a free one (see `RunningGateway.port`). */
	port: number;
	/** The pairing token every `hello` must carry. */
	token: string;
	/** Directory of the built SPA (holds index.html). */
	staticDir: string;
	/** Serve the app but refuse every WebSocket upgrade (the gateway looks "down"). */
	staticOnly?: boolean;
	/** Delay between two streamed `message.update`s of the demo agent, in ms (default 15). */
	demoStepMs?: number;
	/** Append every text frame in and out to this file (`IRIS_RECORD_FRAMES`, gateway/recorder.ts). */
	recordFrames?: string;
	/** Web Push to devices that are not connected (`IRIS_PUSH=webpush`); off when undefined. */
	push?: PushOptions;
	/** Largest media upload accepted, bytes (default 50 MiB). */
	mediaMaxBytes?: number;
	/**
	 * Serve the `/__test/…` endpoints (fault injection, media inspection; `IRIS_TEST_HOOKS=1`);
	 * never in production.
	 */
	testHooks?: boolean;
	/** v3: time without any frame from the app before its connection is cut, ms (default 90 s). */
	v3IdleMs?: number;
	/** v3 agents' `api_key` at `/ws/agent` (`IRIS_V3_AGENT_KEY`); unset: every agent is refused. */
	v3AgentKey?: string;
	/** What the gateway keeps (`IRIS_STORE`, ./storage/); default a fresh in-memory store. Closed by `close()`. */
	store?: GatewayStore;
	/** A JSON state file of an older gateway, imported once into the store (`IRIS_STATE_FILE`). */
	stateFile?: string;
	/** The data directory's token file: a new token written there replaces `token` at once. */
	tokenFile?: string;
	/** Largest `message.send` text, UTF-8 bytes (`IRIS_MAX_MESSAGE_BYTES`, default 1 MiB). */
	maxMessageBytes?: number;
	/** How long frames a device has not acknowledged are kept, ms (`IRIS_REPLAY_RETENTION_DAYS`). */
	retentionMs?: number;
	/** Origins besides the app's own whose pages may connect (`IRIS_ALLOWED_ORIGINS`, ./http/origins.ts). */
	allowedOrigins?: string[];
	/** Limits on what clients may do (./limits/settings.ts); each unset one keeps its default. */
	limits?: Partial<Limits>;
	/** Where log lines go (each prefixed `[gateway]`); default `console.log`. */
	log?: (line: string) => void;
	/** Who answers (`IRIS_AGENT`, ./agents/select.ts); default the demo agent. */
	agent?: Agent;
}

/** A started gateway. */
export interface RunningGateway {
	/** `http://HOST:PORT` — the app. */
	httpUrl: string;
	/** `ws://HOST:PORT/ws` — the WebSocket endpoint. */
	wsUrl: string;
	/** `HTTP_URL/pair#url=<encoded wsUrl>&token=<encoded token>`: pairs in one step (current token). */
	readonly pairingLink: string;
	/** `ws://HOST:PORT/ws/app` — the Hermes Chat v3 endpoint (the app appends `?token=`). */
	v3WsUrl: string;
	/** `ws://HOST:PORT/ws/agent` — where v3 agents connect (appending `?api_key=`). */
	v3AgentWsUrl: string;
	/** The pairing link for a v3 client: like `pairingLink`, with `url` = `v3WsUrl`. */
	readonly v3PairingLink: string;
	/** What the gateway keeps. */
	readonly store: GatewayStore;
	/** The port actually listened on. */
	port: number;
	/** Close every connection, stop running turns, stop listening. */
	close(): Promise<void>;
}

/** How long `close()` waits for clients to answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 500;

/** Start the gateway; resolves once it is listening. */
export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
	const log = opts.log ?? ((line: string) => console.log(line));
	const root = path.resolve(opts.staticDir);
	const store = opts.store ?? new MemoryStore();
	const hubOptions = {
		token: opts.token,
		demoStepMs: opts.demoStepMs ?? DEFAULT_STEP_MS,
		log,
		record: frameRecorder(opts.recordFrames),
		...(opts.push ? { push: opts.push } : {}),
		...(opts.mediaMaxBytes !== undefined ? { mediaMaxBytes: opts.mediaMaxBytes } : {}),
		...(opts.maxMessageBytes !== undefined ? { maxMessageBytes: opts.maxMessageBytes } : {}),
		...(opts.retentionMs !== undefined ? { retentionMs: opts.retentionMs } : {}),
		sendLimit: limitsWith(opts.limits).sends,
		...(opts.agent ? { agent: opts.agent } : {})
	};
	if (opts.stateFile) {
		const imported = await importStateFile(store, opts.stateFile);
		if (imported.imported) {
			log(
				`[gateway] imported ${opts.stateFile}: ${imported.messages} messages, ${imported.frames} logged frames`
			);
		} else if (imported.reason === 'store not empty') {
			log(`[gateway] ${opts.stateFile} not imported: the store already has state`);
		}
	}
	/** A hub on the store, after closing what the previous run left open. */
	const startHub = (): Hub => {
		const next = new Hub(hubOptions, store);
		next.steps = faults.steps;
		const { closed, pickers } = restore(next);
		if (closed + pickers > 0) {
			next.log(`restored: ${closed} cut-off answers closed, ${pickers} pickers open again`);
		}
		next.events.prune(Date.now(), next.retentionMs);
		return next;
	};
	const faults = new Faults();
	let hub = startHub();
	const admission = new Admission(limitsWith(opts.limits));
	const origins = new OriginPolicy(opts.allowedOrigins);
	const sessions = new Set<Session>();
	let restarting = false;
	const hooks: TestHookTarget = {
		faults,
		dropAll: () => {
			const all = [...wss.clients];
			for (const ws of all) ws.terminate();
			return all.length;
		},
		inject: (text) => {
			const live = [...sessions].filter((s) => s.authenticated);
			for (const session of live) session.sendRaw(text);
			return live.length;
		},
		restart: async () => {
			restarting = true;
			try {
				hooks.dropAll();
				// Turns already running finish into the log (devices get them on sync): held
				// ones too, or the restart would wait for ever.
				faults.steps.release();
				await hub.idle();
				hub.close();
				hub = startHub();
				hub.agentReachable = agentReachable;
				v3.hub = hub;
				hub.log(`restarted with ${hub.events.size} logged frames`);
			} finally {
				restarting = false;
			}
		},
		state: () => ({
			stats: { ...hub.stats },
			connections: wss.clients.size,
			user_messages: hub.messages
				.all()
				.map((m) => m.message)
				.filter((m) => m.role === 'user')
				.sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0))
		})
	};

	const v3 = new V3Hub(hub, opts.v3IdleMs, opts.v3AgentKey);
	// IRIS_AGENT=v3: Iris turns go to the agents connected to this gateway's relay.
	if (opts.agent instanceof V3IrisAgent) opts.agent.bind(v3.relay);
	const server = createServer((req, res) =>
		handleRequest(req, res, {
			hub: () => hub,
			v3,
			root,
			admission,
			origins,
			...(opts.testHooks ? { hooks } : {})
		})
	);
	// 16 MiB: room for the codec's 4 Mi-character frame limit in UTF-8.
	const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });

	let closing: Promise<void> | undefined;
	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
		handleUpgrade(req, socket, head, {
			hub: () => hub,
			v3,
			wss,
			admission,
			origins,
			faults,
			sessions,
			// While closing too: a socket accepted now would only be cut off again.
			down: () => Boolean(opts.staticOnly || closing || restarting || faults.refusing())
		})
	);

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(opts.port, opts.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	// The agent's server watch (capabilities, reachability): `status` to every device on a change.
	const agentWatch = new AbortController();
	let agentReachable = true;
	await opts.agent?.attach?.({
		log: (line) => hub.log(line),
		signal: agentWatch.signal,
		setReachable: (reachable) => {
			agentReachable = hub.agentReachable = reachable;
			hub.broadcast(frame('status', { state: hub.state }), { record: false });
		}
	});
	const { port } = server.address() as AddressInfo;
	const shownHost = urlHost(linkHost(opts.host));
	const httpUrl = `http://${shownHost}:${port}`;
	const wsUrl = `ws://${shownHost}:${port}${WS_PATH}`;
	if (hub.push) hub.push.appUrl = httpUrl;
	const link = (url: string) =>
		`${httpUrl}/pair#url=${encodeURIComponent(url)}&token=${encodeURIComponent(hubOptions.token)}`;
	const v3WsUrl = `ws://${shownHost}:${port}${V3_WS_PATH}`;
	const unwatch = opts.tokenFile
		? watchToken(
				opts.tokenFile,
				() => hubOptions.token,
				(token) => {
					hubOptions.token = token;
					// Everyone paired with the old token must pair again: their next hello is refused.
					for (const session of sessions) session.revoke();
					v3.revokeAll();
					hub.log('token rotated: connections paired with the old token were closed');
				}
			)
		: () => {};

	const close = async (): Promise<void> => {
		unwatch();
		agentWatch.abort();
		hub.close();
		const sockets = [...wss.clients];
		for (const ws of sockets) ws.close(1001, 'gateway shutting down');
		await Promise.race([
			Promise.all(sockets.map((ws) => new Promise((r) => ws.once('close', r)))),
			new Promise((r) => setTimeout(r, CLOSE_GRACE_MS).unref())
		]);
		for (const ws of wss.clients) ws.terminate();
		await new Promise<void>((resolve) => wss.close(() => resolve()));
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
		store.close();
	};
	return {
		httpUrl,
		wsUrl,
		get pairingLink() {
			return link(wsUrl);
		},
		v3WsUrl,
		v3AgentWsUrl: `ws://${shownHost}:${port}${V3_AGENT_WS_PATH}`,
		get v3PairingLink() {
			return link(v3WsUrl);
		},
		store,
		port,
		close: () => (closing ??= close())
	};
}
