/**
 * The Hermes Agent runs API's event stream (`GET /v1/runs/{id}/events`, one JSON object with an
 * `event` field per SSE `data:`) as what the gateway does about each event. Pure: no I/O, the
 * time comes in as an argument, so every mapping is unit-testable (`hermes.ts` does the I/O).
 */

/** One event of a run, as the API sends it (fields beyond `event` depend on the event). */
export interface HermesEvent {
	event: string;
	[field: string]: unknown;
}

/** What the gateway does for an event, in order. */
export type HermesAction =
	/** The answer so far (full text, full reasoning): one `message.update`. */
	| { kind: 'write'; text: string; reasoning?: string }
	| { kind: 'busy'; reason: 'tool' | 'processing' }
	| {
			kind: 'tool.start';
			index: number;
			name: string;
			preview?: string;
			args?: Record<string, unknown>;
	  }
	| {
			kind: 'tool.end';
			index: number;
			name: string;
			ok: boolean;
			/** Seconds. */
			duration: number;
			output_preview?: string;
	  }
	/** Ask the user (`picker.approval`), then `POST /v1/runs/{id}/approval`. */
	| { kind: 'approval'; command: string; description?: string }
	/** Ask the user (`picker.clarify`, choices or free text), then `POST /v1/runs/{id}/clarify`. */
	| { kind: 'clarify'; question: string; choices: ClarifyChoice[] }
	/** `run.completed`: close the answer with the model and output tokens it names. */
	| { kind: 'done'; model?: string; tokens?: number }
	/** `run.failed`: close the answer and tell the error. */
	| { kind: 'failed'; error: string }
	/** `run.cancelled`: close the answer as stopped. */
	| { kind: 'cancelled' };

/**
 * One offered answer of a clarify question (`picker.clarify.choices[]`). A type, not an
 * interface, so it fits the frame's `Record<string, unknown>` items.
 */
export type ClarifyChoice = { value: string; label?: string };

interface OpenTool {
	index: number;
	name: string;
	/** Epoch ms, for a duration when `tool.completed` gives none. */
	startedAt: number;
}

/** What a run has said so far; one per turn, changed by `mapEvent`. */
export interface RunState {
	text: string;
	reasoning?: string;
	/** Started tools not yet completed, oldest first. */
	open: OpenTool[];
	/** The index the next tool call gets (the API has no tool id; the gateway counts). */
	nextIndex: number;
}

/** A fresh state for a new run. */
export function newRunState(): RunState {
	return { text: '', open: [], nextIndex: 0 };
}

/** A JSON `data:` payload as an event, or undefined when it is not one (ignored). */
export function parseEvent(data: string): HermesEvent | undefined {
	try {
		const value: unknown = JSON.parse(data);
		if (typeof value !== 'object' || value === null) return undefined;
		const record = value as Record<string, unknown>;
		// `type` is accepted too, in case a server names the field that way.
		const name = record.event ?? record.type;
		return typeof name === 'string' ? { ...record, event: name } : undefined;
	} catch {
		return undefined;
	}
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
	typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/**
 * The actions for `e`, updating `state`. `now` is epoch ms (for tool durations). Unknown
 * events give no action: a newer server may send more than this bridge knows.
 */
export function mapEvent(state: RunState, e: HermesEvent, now: number): HermesAction[] {
	switch (e.event) {
		case 'message.delta': {
			const delta = str(e.delta) ?? str(e.text) ?? '';
			if (!delta) return [];
			state.text += delta;
			return [write(state)];
		}
		case 'reasoning.delta': {
			const delta = str(e.delta) ?? str(e.text) ?? '';
			if (!delta) return [];
			state.reasoning = (state.reasoning ?? '') + delta;
			return [write(state)];
		}
		case 'reasoning.available': {
			// The whole reasoning at once (a server that does not stream it).
			const whole = str(e.text) ?? str(e.reasoning) ?? str(e.content);
			if (!whole) return [];
			state.reasoning = whole;
			return [write(state)];
		}
		case 'tool.started':
			return toolStarted(state, e, now);
		case 'tool.completed':
			return toolCompleted(state, e, now);
		case 'approval.request':
			return [
				{
					kind: 'approval',
					command: str(e.command) ?? '',
					...optional('description', str(e.description))
				}
			];
		case 'clarify.request':
			return [
				{
					kind: 'clarify',
					question: str(e.question) ?? str(e.text) ?? '',
					choices: clarifyChoices(e.choices)
				}
			];
		case 'run.completed': {
			const usage = (typeof e.usage === 'object' && e.usage !== null ? e.usage : {}) as Record<
				string,
				unknown
			>;
			const tokens = num(usage.output_tokens) ?? num(usage.completion_tokens);
			return [{ kind: 'done', ...optional('model', str(e.model)), ...optional('tokens', tokens) }];
		}
		case 'run.failed':
			return [{ kind: 'failed', error: errorText(e.error) }];
		case 'run.cancelled':
			return [{ kind: 'cancelled' }];
		default:
			return [];
	}
}

function toolStarted(state: RunState, e: HermesEvent, now: number): HermesAction[] {
	const name = str(e.tool) ?? str(e.name) ?? 'tool';
	const index = state.nextIndex++;
	state.open.push({ index, name, startedAt: now });
	const args =
		typeof e.args === 'object' && e.args !== null && !Array.isArray(e.args)
			? (e.args as Record<string, unknown>)
			: undefined;
	return [
		{ kind: 'busy', reason: 'tool' },
		{
			kind: 'tool.start',
			index,
			name,
			...optional('preview', str(e.preview)),
			...optional('args', args)
		}
	];
}

function toolCompleted(state: RunState, e: HermesEvent, now: number): HermesAction[] {
	const name = str(e.tool) ?? str(e.name) ?? 'tool';
	// No tool id in the API: the oldest started call of that name is the one that ended.
	const at = state.open.findIndex((t) => t.name === name);
	const actions: HermesAction[] = [];
	let tool: OpenTool;
	if (at >= 0) {
		tool = state.open.splice(at, 1)[0]!;
	} else {
		// Completed without a start we saw: still show a card, started and ended at once.
		tool = { index: state.nextIndex++, name, startedAt: now };
		actions.push({ kind: 'tool.start', index: tool.index, name });
	}
	const duration = num(e.duration) ?? Math.round((now - tool.startedAt) / 10) / 100;
	const output = str(e.output_preview) ?? (e.error === undefined ? undefined : errorText(e.error));
	actions.push({
		kind: 'tool.end',
		index: tool.index,
		name,
		ok: e.error === undefined || e.error === null || e.error === false,
		duration,
		...optional('output_preview', output)
	});
	if (state.open.length === 0) actions.push({ kind: 'busy', reason: 'processing' });
	return actions;
}

/** `choices` as strings or `{value, label?}` objects; anything else is dropped. */
function clarifyChoices(choices: unknown): ClarifyChoice[] {
	if (!Array.isArray(choices)) return [];
	const out: ClarifyChoice[] = [];
	for (const c of choices as unknown[]) {
		if (typeof c === 'string' && c) out.push({ value: c });
		else if (typeof c === 'object' && c !== null) {
			const value = str((c as Record<string, unknown>).value);
			const label = str((c as Record<string, unknown>).label);
			if (value) out.push({ value, ...optional('label', label) });
		}
	}
	return out;
}

function write(state: RunState): HermesAction {
	return { kind: 'write', text: state.text, ...optional('reasoning', state.reasoning) };
}

/** `{ [key]: value }`, or nothing when the value is undefined (exact optional properties). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
	return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** An `error` field (a string, `{message}`, or anything) in words. */
function errorText(error: unknown): string {
	if (typeof error === 'string' && error) return error;
	if (typeof error === 'object' && error !== null) {
		const message = (error as { message?: unknown }).message;
		if (typeof message === 'string' && message) return message;
	}
	return 'unknown error';
}
