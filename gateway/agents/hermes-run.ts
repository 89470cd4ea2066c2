/**
 * Following one Hermes run into an Iris turn: `GET /v1/runs/{id}/events` mapped by
 * `hermes-events.ts` (text, reasoning, tools, approval and clarify pickers, the end), and
 * re-attached when the stream drops before the run is over: `GET /v1/runs/{id}` for the state
 * and the text so far, then the events again (doc/agents.md "Faults").
 */
import type { TurnContext } from '../control/turn-context';
import { AgentError } from './agent';
import type { HermesCapabilities } from './hermes-capabilities';
import {
	mapEvent,
	newRunState,
	parseEvent,
	type HermesAction,
	type RunState
} from './hermes-events';
import { queueAsNextMessage } from './hermes-steer';
import { sseData } from './sse';

/** Answers of `picker.approval`: Hermes' approval choices. */
const APPROVAL_CHOICES = ['once', 'session', 'always', 'deny'] as const;

/** Re-attaching stops after this many drops in a row with no event in between. */
const MAX_REATTACH = 3;

/** The notice shown when a clarify answer cannot be posted to the run. */
export const CLARIFY_QUEUED_NOTICE =
	'This Hermes Agent takes no clarify answers while it works: your answer is sent as your next message once this answer ends.';

/** What following a run needs from the bridge (`hermes.ts`). */
export interface RunIo {
	/** The server's base URL (for messages). */
	url: string;
	/** `fetch` with the key; failures as `AgentError`s; statuses in `allow` returned as is. */
	fetch(
		path: string,
		signal: AbortSignal,
		init: RequestInit,
		allow?: readonly number[]
	): Promise<Response>;
	/** What the server offers now. */
	capabilities(): HermesCapabilities;
	/** The model asked for, named in `message.stop` when the run does not say. */
	model?: string;
	/** At most one `message.update` per this many ms. */
	updateEveryMs: number;
}

/** A run's state as `GET /v1/runs/{id}` tells it (the fields this bridge reads). */
interface RunSnapshot {
	status: string;
	output?: string;
	error?: unknown;
}

/**
 * Stream run `runId` into the turn until it completes, fails (`AgentError`) or is cancelled.
 * Opens the answer (`message.start`) once the events stream is open.
 */
export async function followRun(ctx: TurnContext, io: RunIo, runId: string): Promise<void> {
	const path = `/v1/runs/${encodeURIComponent(runId)}`;
	const state = newRunState();
	const out = new Throttled(ctx, state, io.updateEveryMs);
	let drops = 0;
	try {
		for (;;) {
			const response = await io.fetch(`${path}/events`, ctx.signal, {
				method: 'GET',
				headers: { accept: 'text/event-stream' }
			});
			if (!response.body) throw new AgentError(`${io.url}${path}/events sent no stream`);
			if (!out.started) out.start();
			// Only a failing stream is a drop; what an event leads to (a failed run) is not.
			const events = sseData(response.body)[Symbol.asyncIterator]();
			let why = 'it ended';
			try {
				for (;;) {
					let next: IteratorResult<string>;
					try {
						next = await events.next();
					} catch (e) {
						if (ctx.signal.aborted) throw e;
						why = (e as Error).message;
						break;
					}
					if (next.done) break;
					const event = parseEvent(next.value);
					if (!event) continue;
					drops = 0;
					for (const action of mapEvent(state, event, Date.now())) {
						if (action.kind === 'write') {
							out.write();
							continue;
						}
						out.flush();
						if (await act(ctx, io, path, action)) return;
					}
				}
			} finally {
				// Release the stream when leaving early (the run ended, failed or was stopped).
				await events.return?.(undefined).catch(() => undefined);
			}
			out.flush();
			drops += 1;
			if (drops > MAX_REATTACH)
				throw new AgentError(`the event stream of Hermes run ${runId} ended before the run did`);
			ctx.hub.log(`Hermes run ${runId}: event stream dropped (${why}); re-attaching`);
			if (await catchUp(ctx, io, runId, path, state, out)) return;
		}
	} finally {
		// Never write after the turn: the answer may be closed by then.
		out.cancel();
	}
}

/**
 * After a drop: `GET /v1/runs/{id}`. The text so far replaces what was streamed (it holds what
 * was missed while detached); a run that ended meanwhile closes the answer. True when over.
 */
async function catchUp(
	ctx: TurnContext,
	io: RunIo,
	runId: string,
	path: string,
	state: RunState,
	out: Throttled
): Promise<boolean> {
	const response = await io.fetch(path, ctx.signal, { method: 'GET' }, [404]);
	const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
	if (response.status === 404 || !body || typeof body.status !== 'string')
		throw new AgentError(
			`the event stream of Hermes run ${runId} ended before the run did, and ${io.url}${path} did not tell its state`
		);
	const snapshot: RunSnapshot = { status: body.status, error: body.error };
	const output = body.output ?? body.text;
	if (typeof output === 'string') snapshot.output = output;
	if (snapshot.output !== undefined && snapshot.output !== state.text) {
		state.text = snapshot.output;
		out.write();
		out.flush();
	}
	const fake = (event: string, fields: Record<string, unknown> = {}) =>
		mapEvent(state, { event, ...fields }, Date.now());
	const ended: Record<string, () => HermesAction[]> = {
		completed: () => fake('run.completed', { usage: body.usage, model: body.model }),
		failed: () => fake('run.failed', { error: snapshot.error }),
		cancelled: () => fake('run.cancelled')
	};
	const actions = ended[snapshot.status]?.();
	if (!actions) return false;
	for (const action of actions) if (await act(ctx, io, path, action)) return true;
	return false;
}

/** Carry out one non-text action; true when the run is over. */
async function act(
	ctx: TurnContext,
	io: RunIo,
	path: string,
	action: HermesAction
): Promise<boolean> {
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
			const { command, description } = action;
			const payload = { command, ...(description ? { description } : {}) };
			const choice = await ctx.ask('picker.approval', payload, APPROVAL_CHOICES);
			await answer(ctx, io, `${path}/approval`, { choice });
			return false;
		}
		case 'clarify': {
			const { question, choices } = action;
			const payload = { question, ...(choices.length > 0 ? { choices } : {}) };
			// Any text is an answer: the choices are suggestions (as in Hermes' own CLI).
			const value = await ctx.ask('picker.clarify', payload, null);
			if (io.capabilities().clarify) await answer(ctx, io, `${path}/clarify`, { answer: value });
			else queueAsNextMessage(ctx, value, CLARIFY_QUEUED_NOTICE);
			return false;
		}
		case 'done': {
			const model = action.model ?? io.model;
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

/** POST a picker's answer; a 409 (nothing pending: answered or timed out meanwhile) is logged. */
async function answer(ctx: TurnContext, io: RunIo, path: string, body: object): Promise<void> {
	const init = { method: 'POST', body: JSON.stringify(body) };
	const response = await io.fetch(path, ctx.signal, init, [409]);
	await response.body?.cancel();
	if (response.status === 409)
		ctx.hub.log(`Hermes had nothing pending at ${path}; the run goes on`);
}

/**
 * The answer's `message.update`s: the full text in each, at most one per `every` ms however
 * fast deltas come, and the latest still shown when the stream then pauses (a tool runs).
 */
class Throttled {
	readonly #ctx: TurnContext;
	readonly #state: RunState;
	readonly #every: number;
	#shown = 0;
	#unshown = false;
	#later: NodeJS.Timeout | undefined;
	started = false;

	constructor(ctx: TurnContext, state: RunState, every: number) {
		this.#ctx = ctx;
		this.#state = state;
		this.#every = every;
	}

	/** Open the answer (`message.start`). */
	start(): void {
		this.started = true;
		this.#ctx.start();
	}

	/** The state changed: show it now or at the end of the current interval. */
	write(): void {
		this.#unshown = true;
		const wait = this.#every - (Date.now() - this.#shown);
		if (wait <= 0) this.flush();
		else this.#later ??= setTimeout(() => this.flush(), wait);
	}

	/** Show what is not shown yet, now. */
	flush(): void {
		this.cancel();
		if (this.#unshown) this.#ctx.write(this.#state.text, this.#state.reasoning);
		this.#unshown = false;
		this.#shown = Date.now();
	}

	/** Drop a pending update (the turn is over). */
	cancel(): void {
		clearTimeout(this.#later);
		this.#later = undefined;
	}
}
