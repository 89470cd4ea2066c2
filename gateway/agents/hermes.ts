/**
 * A bridge to an unmodified Hermes Agent's API server (`IRIS_AGENT=hermes`; `hermes gateway`
 * with `API_SERVER_ENABLED=true`). A turn is a run: `POST /v1/runs` with the message, a session
 * id per Iris channel/thread and the channel's conversation; then `GET /v1/runs/{id}/events`
 * (SSE) followed by `hermes-run.ts`: the answer, its reasoning, tool cards, approval and
 * clarify pickers, re-attaching when the stream drops. Stop posts `/v1/runs/{id}/stop`; steers
 * go to `/v1/runs/{id}/steer` (`hermes-steer.ts`) when the server's capabilities
 * (`hermes-capabilities.ts`, probed at start and after an outage) offer it. doc/agents.md.
 */
import { createHash } from 'node:crypto';
import type { TurnContext } from '../control/turn-context';
import { scopeKey, type Scope } from '../storage/types';
import { AgentError, type Agent, type AgentHost, type TurnInput } from './agent';
import {
	HermesHealth,
	describeCapabilities,
	probeCapabilities,
	type RetryOptions
} from './hermes-capabilities';
import { followRun } from './hermes-run';
import { relaySteers, type SteerOutcome } from './hermes-steer';

/** The API server's address when `HERMES_API_URL` is unset. */
export const DEFAULT_HERMES_URL = 'http://127.0.0.1:8642';

/** How long the stop request may take once the user pressed Stop (ms). */
const STOP_TIMEOUT_MS = 5000;

/** How long a steer request may take (ms); then the text is queued as the next message. */
const STEER_TIMEOUT_MS = 5000;

/** How long `POST /v1/runs` may take (ms); Stop waits for it, to learn which run to stop. */
const START_TIMEOUT_MS = 30_000;

/** Where and how to reach the API server. */
export interface HermesOptions {
	/** Base URL without `/v1`, e.g. `http://127.0.0.1:8642` (`HERMES_API_URL`). */
	url: string;
	/** Bearer key (`HERMES_API_KEY`, the server's `API_SERVER_KEY`). */
	apiKey?: string;
	/** Model to ask for (`HERMES_MODEL`); default: the one Hermes is configured with. */
	model?: string;
	/** At most one `message.update` per this many ms while text streams in (default 50). */
	updateEveryMs?: number;
	/** Backoff of the probes while the server is down (default 500 ms doubling to 5 s). */
	retry?: RetryOptions;
}

/**
 * The Hermes session id of an Iris scope: stable across turns and restarts, one per channel
 * or thread and conversation `epoch` (`/new` starts the next), made of safe characters
 * whatever the chat id holds.
 */
export function sessionIdOf(scope: Scope, epoch = 0): string {
	const key = epoch === 0 ? scopeKey(scope) : `${scopeKey(scope)}#${epoch}`;
	return `iris-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/** A Hermes Agent API server as the gateway's agent. */
export class HermesAgent implements Agent {
	readonly #options: HermesOptions;
	readonly #health: HermesHealth;

	constructor(options: HermesOptions) {
		this.#options = { ...options, url: options.url.replace(/\/+$/, '') };
		const { url, apiKey } = this.#options;
		this.#health = new HermesHealth(
			(signal) => probeCapabilities(url, apiKey, signal),
			options.retry
		);
	}

	get description(): string {
		const key = this.#options.apiKey ? '' : ' (no HERMES_API_KEY set)';
		const line = `Hermes Agent API server at ${this.#options.url}${key}`;
		const reachable = this.#health.reachable;
		if (reachable === undefined) return line;
		if (!reachable) return `${line}; unreachable, retrying`;
		return `${line}; capabilities: ${describeCapabilities(this.#health.capabilities)}`;
	}

	/** Probe the capabilities (and reachability) at start; see `hermes-capabilities.ts`. */
	attach(host: AgentHost): Promise<void> {
		return this.#health.attach(host);
	}

	get defaultModel(): string | undefined {
		return this.#options.model;
	}

	/** `GET /v1/models`: the ids of its `data` list. */
	async listModels(signal: AbortSignal): Promise<string[]> {
		const response = await this.#fetch('/v1/models', signal, { method: 'GET' });
		const body = (await response.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
		const ids = (Array.isArray(body?.data) ? body.data : []).map((m) => m?.id);
		return ids.filter((id): id is string => typeof id === 'string' && id !== '');
	}

	async turn(ctx: TurnContext, input: TurnInput): Promise<void> {
		// The model asked for: the channel's `/model` choice, else `HERMES_MODEL`.
		const model = input.model ?? this.#options.model;
		const runId = await this.#startRun(ctx, input, model);
		const endSteers = relaySteers(
			ctx,
			() => this.#health.capabilities.steer,
			(text) => this.#steer(runId, text)
		);
		try {
			if (ctx.signal.aborted) throw ctx.signal.reason;
			await followRun(
				ctx,
				{
					url: this.#options.url,
					fetch: (path, signal, init, allow) => this.#fetch(path, signal, init, allow),
					capabilities: () => this.#health.capabilities,
					updateEveryMs: this.#options.updateEveryMs ?? 50,
					...(model ? { model } : {})
				},
				runId
			);
		} catch (e) {
			// Stop (or shutdown): the run must not go on working unseen.
			if (ctx.signal.aborted) await this.#stopRun(ctx, runId);
			throw e;
		} finally {
			endSteers();
		}
	}

	/** `POST …/steer {text}`: taken, or refused (409: the run cannot take it now). */
	async #steer(runId: string, text: string): Promise<SteerOutcome> {
		const path = `/v1/runs/${encodeURIComponent(runId)}/steer`;
		const init = { method: 'POST', body: JSON.stringify({ text }) };
		const response = await this.#fetch(path, AbortSignal.timeout(STEER_TIMEOUT_MS), init, [409]);
		await response.body?.cancel();
		return response.status === 409 ? 'refused' : 'taken';
	}

	/**
	 * `POST /v1/runs` (asking for `model` when set); the run's id. Not aborted by Stop: a run
	 * Hermes started must be known to be stopped (`turn` stops it once the id is in).
	 */
	async #startRun(ctx: TurnContext, input: TurnInput, model: string | undefined): Promise<string> {
		const headers: Record<string, string> = {};
		if (input.clientMsgId) headers['idempotency-key'] = input.clientMsgId;
		const response = await this.#fetch('/v1/runs', AbortSignal.timeout(START_TIMEOUT_MS), {
			method: 'POST',
			headers,
			body: JSON.stringify({
				input: input.text,
				session_id: sessionIdOf(ctx.scope, input.epoch),
				conversation_history: input.history.map((m) => ({ role: m.role, content: m.text })),
				...(model ? { model } : {})
			})
		});
		const body = (await response.json().catch(() => null)) as {
			run_id?: unknown;
			id?: unknown;
		} | null;
		const id = body?.run_id ?? body?.id;
		if (typeof id !== 'string' && typeof id !== 'number')
			throw new AgentError(`${this.#options.url}/v1/runs answered without a run id`);
		return String(id);
	}

	/** `POST …/stop` after Stop; a failure is logged, not told (the answer closes anyway). */
	async #stopRun(ctx: TurnContext, runId: string): Promise<void> {
		const path = `/v1/runs/${encodeURIComponent(runId)}/stop`;
		try {
			await this.#fetch(path, AbortSignal.timeout(STOP_TIMEOUT_MS), { method: 'POST', body: '{}' });
		} catch (e) {
			ctx.hub.log(`could not stop Hermes run ${runId}: ${(e as Error).message}`);
		}
	}

	/**
	 * `fetch` with the key, turning failures into `AgentError`s that say what to fix. A status in
	 * `allow` is returned like a success, for the caller to handle.
	 */
	async #fetch(
		path: string,
		signal: AbortSignal,
		init: RequestInit,
		allow: readonly number[] = []
	): Promise<Response> {
		const url = `${this.#options.url}${path}`;
		const headers: Record<string, string> = {
			'content-type': 'application/json',
			...(init.headers as Record<string, string> | undefined)
		};
		if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
		let response: Response;
		try {
			response = await fetch(url, { ...init, headers, signal });
		} catch (e) {
			// Stop or shutdown goes on as such; a timeout is told like any unreachable server.
			if (signal.aborted && !isTimeout(signal.reason)) throw signal.reason;
			const why =
				e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
			this.#health.unreachable(why);
			throw new AgentError(`cannot reach Hermes Agent at ${url}: ${why}`);
		}
		this.#health.answered();
		if (response.ok || allow.includes(response.status)) return response;
		await response.body?.cancel();
		if (response.status === 401 || response.status === 403)
			throw new AgentError(`HERMES_API_KEY rejected by ${this.#options.url}`);
		if (response.status === 429)
			throw new AgentError('Hermes Agent is rate limiting; try again shortly', 'rate_limited');
		throw new AgentError(`Hermes Agent answered ${response.status} to ${url}`);
	}
}

function isTimeout(reason: unknown): boolean {
	return reason instanceof DOMException && reason.name === 'TimeoutError';
}
