/**
 * The seam between the gateway and whatever answers (doc/agents.md): the demo agent, or a bridge
 * to a real agent server. The gateway owns the protocol (frames, busy/idle, stop, the store);
 * an agent only turns one user message into an answer, through the `TurnContext` it is given.
 */
import type { TurnContext } from '../control/turn-context';

/** One earlier message of the conversation, as an agent server wants it. */
export interface ChatTurn {
	role: 'user' | 'assistant';
	text: string;
}

/** What an agent gets for one turn. */
export interface TurnInput {
	/** The user's message (already stored and shown). */
	text: string;
	/** The conversation of this channel or thread before it, oldest first (at most 200). */
	history: ChatTurn[];
	/** The sender's `client_msg_id` of the message, if it gave one (an idempotency key). */
	clientMsgId?: string;
	/** The model chosen for this channel with `/model`; absent: the agent's default. */
	model?: string;
	/**
	 * The scope's conversation epoch: 0, then one more after each `/new` (a server that keeps
	 * sessions starts a new one when it changes).
	 */
	epoch?: number;
}

/** What the gateway lends an agent that watches its server (`Agent.attach`). */
export interface AgentHost {
	/** Log a line (the gateway prefixes and escapes it). */
	log(line: string): void;
	/**
	 * The agent server stopped answering (false) or answers again (true): every device is told
	 * with a `status` frame (`degraded` / `online`).
	 */
	setReachable(reachable: boolean): void;
	/** Aborted when the gateway shuts down: stop probing then. */
	readonly signal: AbortSignal;
}

/** An agent the gateway can run turns with. */
export interface Agent {
	/** One line for the start-up banner: which agent, where, with what. */
	readonly description: string;
	/**
	 * Optional: called once when the gateway starts, before the banner is printed (so
	 * `description` can tell what was found). Resolves once a first look at the server is done;
	 * never rejects (an unreachable server is told through `host.setReachable(false)`).
	 */
	attach?(host: AgentHost): Promise<void>;
	/**
	 * Answer `input` in `ctx`'s scope: `ctx.start()`, `ctx.write(…)` as text arrives,
	 * `ctx.finish(…)` (optional: the gateway closes an open answer itself). Rejects with the
	 * context's abort reason when stopped; any other rejection is reported as an `error` frame.
	 */
	turn(ctx: TurnContext, input: TurnInput): Promise<void>;
	/**
	 * The model ids the server offers (`/model`), in its order. Rejects with an `AgentError`
	 * saying what failed (unreachable, key refused, no list).
	 */
	listModels(signal: AbortSignal): Promise<string[]>;
	/** The model a turn uses when the channel chose none (`/status`); undefined: the server's. */
	readonly defaultModel: string | undefined;
}

/** A failure talking to an agent server, in words a user can act on. */
export class AgentError extends Error {
	constructor(
		message: string,
		/**
		 * The Iris `error.code` to report it with. Never `auth`: that one means the app's own
		 * pairing token was refused; a key the agent server refuses is the gateway's problem.
		 */
		readonly code: 'rate_limited' | 'internal' = 'internal'
	) {
		super(message);
		this.name = 'AgentError';
	}
}
