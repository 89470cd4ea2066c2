/**
 * The v3 relay (doc/v3-relay.md): agents connected at `/ws/agent?api_key=` (./agent-link.ts) and
 * the routing between them and the apps, by user id (spec "连接": "按 user_id 配对路由").
 *
 * - App → agent: a message `to: "hermes"` goes to the newest connected agent, unchanged (the
 *   app's `from` is its user id). No agent connected: the caller answers `error{offline}`.
 * - Agent → app: by `to`. `V3_IRIS_USER` is the Iris side (./iris-agent.ts, a turn waiting in
 *   that `session`); a user id the v3 apps of this token used goes to them (`V3Hub.deliver`,
 *   held while none is open); any other `to` is not online: the agent gets `error{offline}`.
 * - An agent that disconnects with streams open: each is closed (`stream_end`) and followed by
 *   `error{offline}`, so no bubble stays open; Iris turns waiting on it fail the same way.
 */
import {
	encodeV3Frame,
	msToV3Ts,
	newV3Id,
	V3_AGENT_ID,
	V3_ERROR_CODES,
	v3Problem,
	type V3ErrorCode,
	type V3Frame
} from '../../src/lib/protocol/hermes-v3';
import type { V3AppMessage } from './connection';
import type { V3Hub } from './hub';

/** The user id Iris-protocol apps have towards v3 agents (`from` of their messages). */
export const V3_IRIS_USER = 'iris';

/** `from` of the errors the gateway itself sends an agent (about the agent's own frames). */
export const V3_GATEWAY_ID = 'gateway';

/** A frame an agent sends that is addressed to someone (everything but `ping` / `pong`). */
export type V3RoutedFrame = Exclude<V3Frame, { type: 'ping' } | { type: 'pong' }>;

/** One connected agent, as the relay sees it. */
export interface V3AgentPeer {
	/** Encode (strictly, app → server direction) and send to the agent. */
	send(frame: V3Frame): void;
}

/** An Iris turn waiting for the agent's answer in one session (./iris-agent.ts). */
export interface V3IrisWaiter {
	/** The agent that was asked: its disconnect fails the turn. */
	agent: V3AgentPeer;
	/** Every frame the agent sends to `V3_IRIS_USER` in the waiter's session. */
	frame(f: V3RoutedFrame): void;
	/** The asked agent disconnected. */
	gone(): void;
}

/** The relay of one gateway; lives as long as its `V3Hub`. */
export class V3AgentRelay {
	readonly #v3: V3Hub;
	/** `IRIS_V3_AGENT_KEY`; undefined: agents are refused. */
	readonly key: string | undefined;
	/** Connected agents, oldest first. */
	readonly #agents: V3AgentPeer[] = [];
	/** Streams open per agent, by `to` + `session`. */
	readonly #streams = new Map<V3AgentPeer, Map<string, { to: string; session: string }>>();
	readonly #iris = new Map<string, V3IrisWaiter>();

	constructor(v3: V3Hub, key: string | undefined) {
		this.#v3 = v3;
		this.key = key;
	}

	/** How many agents are connected. */
	get connected(): number {
		return this.#agents.length;
	}

	/** The agent new messages go to: the newest connected, or undefined. */
	get current(): V3AgentPeer | undefined {
		return this.#agents.at(-1);
	}

	add(agent: V3AgentPeer): void {
		this.#agents.push(agent);
		this.#streams.set(agent, new Map());
		this.#v3.hub.log(`v3 agent connected (${this.#agents.length} connected)`);
	}

	/** The agent's socket closed: close what it left open (see the module comment). */
	remove(agent: V3AgentPeer): void {
		const at = this.#agents.indexOf(agent);
		if (at < 0) return;
		this.#agents.splice(at, 1);
		const open = this.#streams.get(agent) ?? new Map();
		this.#streams.delete(agent);
		this.#v3.hub.log(`v3 agent disconnected (${this.#agents.length} connected)`);
		for (const { to, session } of open.values()) {
			if (to === V3_IRIS_USER) continue;
			this.#v3.deliver({ type: 'stream_end', from: V3_AGENT_ID, to, session });
			const text = 'The agent disconnected before its answer was complete.';
			this.#v3.deliver(this.#v3.errorFrame('offline', { to, session, text }));
		}
		for (const [session, waiter] of [...this.#iris]) {
			if (waiter.agent !== agent) continue;
			this.#iris.delete(session);
			waiter.gone();
		}
	}

	/** Forward an app's message to the current agent; false when none is connected. */
	fromApp(f: V3AppMessage): boolean {
		const agent = this.current;
		if (!agent) return false;
		// Whole seconds out (received `ts` may be fractional); the rest goes as the app sent it.
		agent.send({ ...f, ts: Math.floor(f.ts) });
		return true;
	}

	/**
	 * Wait for the agent's frames to the Iris side in `session` (one turn per session at a time:
	 * the gateway queues turns per chat). Returns the function that stops waiting.
	 */
	waitInSession(session: string, waiter: V3IrisWaiter): () => void {
		this.#iris.set(session, waiter);
		return () => {
			if (this.#iris.get(session) === waiter) this.#iris.delete(session);
		};
	}

	/** Route one frame from `agent` (already decoded; `ping`/`pong` are the link's). */
	fromAgent(agent: V3AgentPeer, raw: V3RoutedFrame): void {
		const f = normalized(raw);
		const problem = v3Problem(f, 'server_to_app', true);
		if (problem) return this.#drop(agent, raw, problem.message);
		this.#track(agent, f);
		if (f.to === V3_IRIS_USER) {
			const waiter = this.#iris.get(f.session);
			if (waiter) return waiter.frame(f);
			this.#v3.hub.log(`v3 agent: no Iris turn waits in session ${f.session}; ${f.type} dropped`);
			return;
		}
		if (!this.#v3.knowsUser(f.to)) {
			const text = `user "${f.to}" is not online at this gateway`;
			this.#v3.hub.log(`v3 agent: ${f.type} to unknown user "${f.to}" refused (offline)`);
			if (f.type !== 'error') this.#answer(agent, 'offline', text, f);
			return;
		}
		this.#v3.deliver(f);
	}

	/** Keep track of the agent's open streams (closed for the app if the agent drops). */
	#track(agent: V3AgentPeer, f: V3RoutedFrame): void {
		const open = this.#streams.get(agent);
		const key = `${f.to}\n${f.session}`;
		if (f.type === 'stream_start' || f.type === 'stream') {
			open?.set(key, { to: f.to, session: f.session });
		} else if (f.type === 'stream_end' || f.type === 'text' || f.type === 'error') {
			open?.delete(key);
		}
	}

	/** A frame the relay cannot pass on: logged, skipped, told to the agent. */
	#drop(agent: V3AgentPeer, f: V3RoutedFrame, why: string): void {
		this.#v3.hub.log(`v3 agent frame skipped: ${why}`);
		this.#answer(agent, 'unsupported', why, f);
	}

	/** An `error` to the agent about its frame `f`, from `V3_GATEWAY_ID`. */
	#answer(agent: V3AgentPeer, code: V3ErrorCode, text: string, f: V3RoutedFrame): void {
		const reply: V3Frame = {
			id: newV3Id(),
			type: 'error',
			from: V3_GATEWAY_ID,
			to: V3_AGENT_ID,
			session: f.session,
			...(f.id ? { reply_to: f.id } : {}),
			ts: msToV3Ts(Date.now()),
			data: { code, text }
		};
		try {
			encodeV3Frame(reply, 'app_to_server');
			agent.send(reply);
		} catch {
			// A `to`/`session` too broken to answer: the log line above is all there is.
		}
	}
}

/**
 * The agent's frame with what the gateway can mend mended (liberal in, strict out): a
 * fractional `ts` rounded down, an `error` without `text` given the code's meaning, an `error`
 * code outside the spec's list sent as `internal` with the agent's code in the text.
 */
function normalized(f: V3RoutedFrame): V3RoutedFrame {
	const out = { ...f } as V3RoutedFrame;
	if (typeof out.ts === 'number') out.ts = Math.floor(out.ts);
	if (out.type === 'error' && out.data && typeof out.data === 'object') {
		const { code, text } = out.data;
		const known = typeof code === 'string' && code in V3_ERROR_CODES;
		const spec = known ? (code as V3ErrorCode) : 'internal';
		const words = typeof text === 'string' ? text : V3_ERROR_CODES[spec];
		out.data = { code: spec, text: known ? words : `${String(code)}: ${words}` };
	}
	return out;
}
