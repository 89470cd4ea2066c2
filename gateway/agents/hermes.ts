/**
 * A bridge to an unmodified Hermes Agent's API server (`IRIS_AGENT=hermes`; `hermes gateway`
 * with `API_SERVER_ENABLED=true`). A turn is a run: `POST /v1/runs` with the message, a session
 * id per Iris channel/thread and the channel's conversation; then `GET /v1/runs/{id}/events`
 * (SSE) mapped to Iris frames by `hermes-events.ts`: the answer, its reasoning, tool cards,
 * approvals (`POST /v1/runs/{id}/approval`). Stop posts `/v1/runs/{id}/stop`. doc/agents.md.
 */
import { createHash } from 'node:crypto';
import type { TurnContext } from '../control/turn-context';
import { scopeKey, type Scope } from '../storage/types';
import { AgentError, type Agent, type TurnInput } from './agent';
import { mapEvent, newRunState, parseEvent, type HermesAction } from './hermes-events';
import { sseData } from './sse';

/** The API server's address when `HERMES_API_URL` is unset. */
export const DEFAULT_HERMES_URL = 'http://127.0.0.1:8642';

/** Answers of `picker.approval`: Hermes' approval choices. */
const APPROVAL_CHOICES = ['once', 'session', 'always', 'deny'] as const;

/** How long the stop request may take once the user pressed Stop (ms). */
const STOP_TIMEOUT_MS = 5000;

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

	constructor(options: HermesOptions) {
		this.#options = { ...options, url: options.url.replace(/\/+$/, '') };
	}

	get description(): string {
		const key = this.#options.apiKey ? '' : ' (no HERMES_API_KEY set)';
		return `Hermes Agent API server at ${this.#options.url}${key}`;
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
		const runId = await this.#startRun(ctx, input);
		try {
			if (ctx.signal.aborted) throw ctx.signal.reason;
			await this.#follow(ctx, runId);
		} catch (e) {
			// Stop (or shutdown): the run must not go on working unseen.
			if (ctx.signal.aborted) await this.#stopRun(ctx, runId);
			throw e;
		}
	}

	/**
	 * `POST /v1/runs`; the run's id. Not aborted by Stop: a run Hermes started must be known to
	 * be stopped (`turn` stops it once the id is in).
	 */
	async #startRun(ctx: TurnContext, input: TurnInput): Promise<string> {
		const headers: Record<string, string> = {};
		if (input.clientMsgId) headers['idempotency-key'] = input.clientMsgId;
		const response = await this.#fetch('/v1/runs', AbortSignal.timeout(START_TIMEOUT_MS), {
			method: 'POST',
			headers,
			body: JSON.stringify({
				input: input.text,
				session_id: sessionIdOf(ctx.scope, input.epoch),
				conversation_history: input.history.map((m) => ({ role: m.role, content: m.text })),
				...((input.model ?? this.#options.model)
					? { model: input.model ?? this.#options.model }
					: {})
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

	/** Stream the run's events into the turn until it completes, fails or is cancelled. */
	async #follow(ctx: TurnContext, runId: string): Promise<void> {
		const path = `/v1/runs/${encodeURIComponent(runId)}`;
		const response = await this.#fetch(`${path}/events`, ctx.signal, {
			method: 'GET',
			headers: { accept: 'text/event-stream' }
		});
		if (!response.body) throw new AgentError(`${this.#options.url}${path}/events sent no stream`);
		ctx.start();
		const state = newRunState();
		const every = this.#options.updateEveryMs ?? 50;
		let shown = 0;
		let unshown = false;
		// A throttled update still shows when the stream then pauses (a tool runs, Hermes thinks).
		let later: NodeJS.Timeout | undefined;
		const flush = () => {
			clearTimeout(later);
			later = undefined;
			if (unshown) ctx.write(state.text, state.reasoning);
			unshown = false;
			shown = Date.now();
		};
		try {
			for await (const data of sseData(response.body)) {
				const event = parseEvent(data);
				if (!event) continue;
				for (const action of mapEvent(state, event, Date.now())) {
					if (action.kind === 'write') {
						unshown = true;
						// Full text in every update: at most one per `every` ms, not one per delta.
						const wait = every - (Date.now() - shown);
						if (wait <= 0) flush();
						else later ??= setTimeout(flush, wait);
						continue;
					}
					flush();
					if (await this.#act(ctx, path, action)) return;
				}
			}
		} finally {
			// Never write after the turn: the answer may be closed by then.
			clearTimeout(later);
		}
		throw new AgentError(`the event stream of Hermes run ${runId} ended before the run did`);
	}

	/** Carry out one non-text action; true when the run is over. */
	async #act(ctx: TurnContext, path: string, action: HermesAction): Promise<boolean> {
		switch (action.kind) {
			case 'busy':
				ctx.busy(action.reason);
				return false;
			case 'tool.start': {
				const { index, name, preview, args } = action;
				ctx.toolStart({ index, name, preview, args });
				return false;
			}
			case 'tool.end': {
				const { index, name, ok, duration, output_preview } = action;
				ctx.toolEnd({ index, name, ok, duration, output_preview });
				return false;
			}
			case 'approval': {
				const choice = await ctx.ask(
					'picker.approval',
					{
						command: action.command,
						...(action.description ? { description: action.description } : {})
					},
					APPROVAL_CHOICES
				);
				await this.#answerApproval(ctx, path, choice);
				return false;
			}
			case 'done': {
				const model = action.model ?? this.#options.model;
				ctx.finish({
					...(model ? { model } : {}),
					...(action.tokens === undefined ? {} : { tokens: action.tokens })
				});
				return true;
			}
			case 'failed':
				throw new AgentError(`Hermes Agent run failed: ${action.error}`);
			case 'cancelled':
				ctx.finish({});
				return true;
			case 'write':
				return false;
		}
	}

	/** `POST …/approval`; a 409 (nothing pending: answered or timed out meanwhile) is only logged. */
	async #answerApproval(ctx: TurnContext, path: string, choice: string): Promise<void> {
		const init = { method: 'POST', body: JSON.stringify({ choice }) };
		const response = await this.#fetch(`${path}/approval`, ctx.signal, init, [409]);
		await response.body?.cancel();
		if (response.status === 409)
			ctx.hub.log(`Hermes had no approval pending for ${path}; the run goes on`);
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
			throw new AgentError(`cannot reach Hermes Agent at ${url}: ${why}`);
		}
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
