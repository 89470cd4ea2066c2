/**
 * State of the Hermes Chat v3 side of the gateway (`/ws/app`): the open v3 connections of the
 * user, delivery of agent frames to them, frames held while none is open, and the message ids
 * already answered.
 *
 * One token is one user (the spec's gateway "pairs by user_id"), so every agent frame goes to
 * every open v3 connection. v3 has no server history or replay, so while the user has no open
 * v3 connection the frames wait here (in order, at most `HELD_MAX`) and go out on the next
 * connection: a reply streamed across a disconnect arrives whole, once (doc/protocol.md).
 */
import {
	encodeV3Frame,
	V3_AGENT_ID,
	V3_ERROR_CODES,
	newV3Id,
	msToV3Ts,
	type V3ErrorCode,
	type V3Frame
} from '../../src/lib/protocol/hermes-v3';
import type { Hub } from '../hub';
import { V3AgentRelay } from './agent-relay';

/** Frames held for an absent user, at most; older ones are dropped (and logged) beyond this. */
export const HELD_MAX = 10_000;

/** App message ids remembered to drop resends, at most (oldest forgotten first). */
const SEEN_MAX = 10_000;

/** User ids remembered for agent replies, at most (oldest forgotten first). */
const USERS_MAX = 1_000;

/** Default time without any frame from the app before a connection is cut (spec: 90 s). */
export const V3_IDLE_MS = 90_000;

/** One open v3 connection, as the hub sees it. */
export interface V3Peer {
	/** Encode and send; `sent` runs once the bytes are handed to the OS (or the send failed). */
	send(frame: V3Frame, sent?: () => void): void;
	/** Cut the connection at once, without a close handshake (a dropped link). */
	cut(): void;
}

/** Fault injection for e2e tests (`/__test/v3/…`, only with `IRIS_TEST_HOOKS=1`). */
export interface V3TestHooks {
	/** Cut the user's connections right after this many more `stream` frames went out. */
	dropAfterStreams?: number;
	/** The next app message is answered with an `error` of this code (once), after one step. */
	refuseNext?: V3ErrorCode;
}

/** The v3 side of one gateway. */
export class V3Hub {
	/** Replaced by the Iris hub of a test-hook restart (`/__test/restart`), so v3 turns go on. */
	hub: Hub;
	/** Time without any frame from the app before a connection is cut, ms. */
	readonly idleMs: number;
	readonly hooks: V3TestHooks = {};
	readonly #peers = new Set<V3Peer>();
	readonly #held: V3Frame[] = [];
	readonly #seen = new Set<string>();
	readonly #users = new Set<string>();
	/** Connected v3 agents and the routing to and from them (./agent-relay.ts). */
	readonly relay: V3AgentRelay;

	/** `agentKey`: `IRIS_V3_AGENT_KEY`; undefined refuses every agent. */
	constructor(hub: Hub, idleMs = V3_IDLE_MS, agentKey?: string) {
		this.hub = hub;
		this.idleMs = idleMs;
		this.relay = new V3AgentRelay(this, agentKey);
	}

	/**
	 * Remember `user` as one of this token's users (the token's JWT `sub`, every `from` its apps
	 * sent): agent frames `to` it are delivered to the v3 connections (one token is one user).
	 */
	noteUser(user: string): void {
		if (this.#users.has(user)) return;
		this.#users.add(user);
		if (this.#users.size > USERS_MAX) this.#users.delete(this.#users.values().next().value!);
	}

	/** True when `user` is one of this token's users (`noteUser`). */
	knowsUser(user: string): boolean {
		return this.#users.has(user);
	}

	/** Whether app messages go to connected v3 agents (any `IRIS_AGENT` but `demo`). */
	get relaying(): boolean {
		return this.hub.options.agent !== undefined;
	}

	/** The token was rotated: cut every v3 connection (its reconnect is refused with 401). */
	revokeAll(): void {
		for (const peer of [...this.#peers]) peer.cut();
	}

	/** How many v3 connections are open. */
	get connections(): number {
		return this.#peers.size;
	}

	/** How many frames wait for the user to connect. */
	get held(): number {
		return this.#held.length;
	}

	/** Start delivering to `peer`; frames held while the user was away go to it first, in order. */
	add(peer: V3Peer): void {
		this.#peers.add(peer);
		const held = this.#held.splice(0);
		if (held.length > 0) this.hub.log(`v3: delivering ${held.length} held frames`);
		for (const f of held) peer.send(f);
	}

	remove(peer: V3Peer): void {
		this.#peers.delete(peer);
	}

	/**
	 * True the first time the app's message `id` is seen: a resend after a reconnect (same `id`)
	 * must not start a second reply.
	 */
	firstSeen(id: string): boolean {
		if (this.#seen.has(id)) return false;
		this.#seen.add(id);
		if (this.#seen.size > SEEN_MAX) this.#seen.delete(this.#seen.values().next().value!);
		return true;
	}

	/** Send an agent frame to every open v3 connection, or hold it while there is none. */
	deliver(frame: V3Frame): void {
		encodeV3Frame(frame, 'server_to_app'); // a malformed frame is a bug: fail here, not per peer
		if (this.#peers.size === 0) {
			this.#held.push(frame);
			if (this.#held.length > HELD_MAX) {
				this.#held.shift();
				this.hub.log(`v3: more than ${HELD_MAX} frames held; the oldest was dropped`);
			}
			return;
		}
		const cut = frame.type === 'stream' && this.#countStream();
		for (const peer of [...this.#peers]) {
			if (!cut) peer.send(frame);
			else {
				this.#peers.delete(peer);
				peer.send(frame, () => peer.cut());
			}
		}
	}

	/** Counts down `hooks.dropAfterStreams`; true when this `stream` is the one to cut after. */
	#countStream(): boolean {
		const left = this.hooks.dropAfterStreams;
		if (left === undefined) return false;
		if (left > 1) {
			this.hooks.dropAfterStreams = left - 1;
			return false;
		}
		delete this.hooks.dropAfterStreams;
		this.hub.log('test hook: v3 connections cut mid-stream');
		return true;
	}

	/** Cut every open v3 connection now (test hook); returns how many. */
	dropAll(): number {
		const peers = [...this.#peers];
		this.#peers.clear();
		for (const peer of peers) peer.cut();
		return peers.length;
	}

	/**
	 * An `error` frame from the agent to `to` in `session`, answering `replyTo` when given;
	 * `text` defaults to the code's meaning (`V3_ERROR_CODES`).
	 */
	errorFrame(
		code: V3ErrorCode,
		opts: { to: string; session: string; replyTo?: string; text?: string }
	): V3Frame {
		return {
			id: newV3Id(),
			type: 'error',
			from: V3_AGENT_ID,
			to: opts.to,
			session: opts.session,
			...(opts.replyTo === undefined ? {} : { reply_to: opts.replyTo }),
			ts: msToV3Ts(Date.now()),
			data: { code, text: opts.text ?? V3_ERROR_CODES[code] }
		};
	}
}
