/**
 * The building blocks of a controllable demo turn (doc/protocol.md "Turn anatomy"): busy state, an
 * assistant message streamed with its reasoning, commentary beats, tool cards, and pickers that
 * wait for `picker.select`. `runControlled` wraps a turn so that `agent.stop` ends it the way
 * doc/protocol.md "Streaming" asks (`message.stop` with what was streamed, then `agent.idle`) and
 * `agent.steer` texts are woven into the answer being streamed.
 *
 * Every frame goes to every device and into the replay log, except `typing` (ephemeral).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { frame, type ServerFrame, type ServerPayloads } from '../../src/lib/protocol/iris';
import { DEMO_MODEL, demoTokens, streamSteps } from '../demo-agent';
import type { Hub } from '../hub';
import type { Scope } from '../store';
import { controlOf, type BusyReason, type RunningTurn } from './registry';

/** The picker frame types a turn can ask with. */
export type PickerType =
	'picker.model' | 'picker.choice' | 'picker.clarify' | 'picker.approval' | 'picker.confirm';

/** A tool call to play: `notes` become `tool.progress` frames, one step apart. */
export interface DemoTool {
	index: number;
	name: string;
	preview?: string;
	args?: Record<string, unknown>;
	notes?: string[];
	ok: boolean;
	output_preview?: string;
}

interface OpenMessage {
	message_id: string;
	ts: number;
	text: string;
	reasoning?: string;
}

/** One running turn in one scope; see the module comment. */
export class TurnContext {
	readonly hub: Hub;
	readonly scope: Scope;
	readonly turn: RunningTurn;
	#open: OpenMessage | undefined;

	constructor(hub: Hub, scope: Scope, turn: RunningTurn) {
		this.hub = hub;
		this.scope = scope;
		this.turn = turn;
	}

	/** Aborted by `agent.stop` (reason `'stop'`) or gateway shutdown. */
	get signal(): AbortSignal {
		return this.turn.controller.signal;
	}

	/**
	 * Broadcast a frame in this scope (recorded for sync unless `record` is false). Payload keys
	 * whose value is `undefined` are dropped: the schema check would refuse them.
	 */
	emit(f: ServerFrame, record = true): void {
		const payload = Object.fromEntries(
			Object.entries(f.payload).filter(([, value]) => value !== undefined)
		);
		this.hub.broadcast({ ...f, ...this.scope, payload } as ServerFrame, { record });
	}

	/** Announce what the agent is doing (`agent.busy`); remembered for devices that sync later. */
	busy(reason: BusyReason): void {
		this.turn.reason = reason;
		this.emit(frame('agent.busy', { reason }));
	}

	/** Wait one streaming step (`IRIS_DEMO_STEP_MS`, or `ms`); rejects when the turn is aborted. */
	async step(ms = this.hub.options.demoStepMs): Promise<void> {
		await sleep(ms, undefined, { signal: this.signal });
	}

	/** Open the assistant message of this turn (`message.start`); returns its id. */
	start(): string {
		const message_id = this.hub.store.nextMessageId();
		const ts = this.hub.clock.next();
		this.#open = { message_id, ts, text: '' };
		this.emit(frame('message.start', { message_id, role: 'assistant' as const, ts }));
		return message_id;
	}

	/** Id of the open message (throws if none: a scenario wiring mistake). */
	get messageId(): string {
		return this.#requireOpen().message_id;
	}

	/** Stream `text` as the message's reasoning (extension `message.update.reasoning`). */
	async reason(text: string): Promise<void> {
		const open = this.#requireOpen();
		for (const reasoning of streamSteps(text)) {
			await this.step();
			open.reasoning = reasoning;
			this.#update();
		}
	}

	/**
	 * Stream `text` after what the message already says, one word per step (`stepMs`, default
	 * `IRIS_DEMO_STEP_MS`). A steering text that arrives meanwhile is woven in where it lands.
	 */
	async stream(text: string, stepMs?: number): Promise<void> {
		const open = this.#requireOpen();
		const pieces = deltas(streamSteps(text));
		for (let i = 0; i < pieces.length; i += 1) {
			const steer = this.turn.takeSteer();
			if (steer !== undefined) pieces.splice(i, 0, ...deltas(streamSteps(steeredText(steer))));
			await this.step(stepMs);
			open.text += pieces[i];
			this.#update();
		}
		// A steer that came after the last piece still gets its answer.
		for (let steer = this.turn.takeSteer(); steer !== undefined; steer = this.turn.takeSteer()) {
			for (const piece of deltas(streamSteps(steeredText(steer)))) {
				await this.step(stepMs);
				open.text += piece;
				this.#update();
			}
		}
	}

	/** An intermediate beat of this turn (`commentary`, carrying the open message's id). */
	commentary(text: string): void {
		this.emit(frame('commentary', { message_id: this.#open?.message_id, text }));
	}

	/** Play one tool call: `tool.start`, its progress notes, `tool.end` (duration in seconds). */
	async tool(t: DemoTool): Promise<void> {
		const message_id = this.#open?.message_id;
		const started = Date.now();
		this.busy('tool');
		this.emit(
			frame('tool.start', {
				index: t.index,
				name: t.name,
				preview: t.preview,
				args: t.args,
				message_id
			})
		);
		for (const note of t.notes ?? []) {
			await this.step();
			this.emit(frame('tool.progress', { index: t.index, name: t.name, note, message_id }));
		}
		await this.step();
		const duration = Math.round((Date.now() - started) / 10) / 100;
		this.emit(
			frame('tool.end', {
				index: t.index,
				name: t.name,
				ok: t.ok,
				duration,
				output_preview: t.output_preview,
				message_id
			})
		);
		this.busy('processing');
	}

	/**
	 * Show a picker and wait for its answer (`picker.select`). `values` are the accepted answers
	 * (null: any text). Once answered, the picker is broadcast again with `answer` so every device
	 * shows it answered. Rejects when the turn is stopped.
	 */
	async ask<T extends PickerType>(
		type: T,
		payload: Omit<ServerPayloads[T], 'picker_id'>,
		values: readonly string[] | null
	): Promise<string> {
		const control = controlOf(this.hub);
		const picker_id = control.nextPickerId();
		const full = { picker_id, message_id: this.#open?.message_id, ...payload };
		this.emit(frame(type, full) as ServerFrame);
		this.busy('waiting_input');
		const value = await new Promise<string>((resolve, reject) => {
			const onAbort = () => reject(this.signal.reason as Error);
			if (this.signal.aborted) return onAbort();
			this.signal.addEventListener('abort', onAbort, { once: true });
			control.open({
				picker_id,
				scope: this.scope,
				values: values ? new Set(values) : null,
				resolve: (v) => {
					this.signal.removeEventListener('abort', onAbort);
					resolve(v);
				}
			});
		});
		this.emit(frame(type, { ...full, answer: value }) as ServerFrame);
		this.busy('processing');
		return value;
	}

	/** Close the open message (`message.stop` with model and tokens) and store it for history. */
	finish(): void {
		const open = this.#open;
		if (!open) return;
		this.#open = undefined;
		const tokens = demoTokens(open.text);
		const stop: ServerPayloads['message.stop'] = {
			message_id: open.message_id,
			final_text: open.text,
			model: DEMO_MODEL,
			tokens
		};
		if (open.reasoning !== undefined) stop.reasoning = open.reasoning;
		this.emit(frame('message.stop', stop));
		// Stored before idle, so a `history` sent on `agent.idle` already contains the reply.
		const { final_text, ...rest } = stop;
		this.hub.store.add({
			scope: this.scope,
			message: { ...rest, role: 'assistant', text: final_text, ts: open.ts }
		});
	}

	#update(): void {
		const open = this.#requireOpen();
		const update: ServerPayloads['message.update'] = {
			message_id: open.message_id,
			text: open.text
		};
		if (open.reasoning !== undefined) update.reasoning = open.reasoning;
		this.emit(frame('message.update', update));
	}

	#requireOpen(): OpenMessage {
		if (!this.#open) throw new Error('[gateway] no assistant message is open in this turn');
		return this.#open;
	}
}

/** What a steering text adds to the answer, where it lands. */
function steeredText(steer: string): string {
	return `\n\n> Steered: ${steer}\n\nUnderstood, taking that into account. `;
}

/** The text each step adds, from the full texts of successive steps. */
function deltas(steps: readonly string[]): string[] {
	return steps.map((step, i) => step.slice(i === 0 ? 0 : steps[i - 1]!.length));
}

/** Whether the turn ended because the user pressed Stop (`agent.stop`). */
function stoppedByUser(ctx: TurnContext): boolean {
	return ctx.signal.aborted && ctx.signal.reason === STOP_REASON;
}

/** The abort reason `agent.stop` uses. */
export const STOP_REASON = 'stop';

/**
 * Run `body` as the turn of `scope`: `agent.busy` + `typing{on}` first; `message.stop` (if a
 * message is still open) + `typing{off}` + `agent.idle` last, also when the user stops the turn.
 * On gateway shutdown (`signal`) it rejects and sends nothing more: the sockets are closing.
 */
export async function runControlled(
	hub: Hub,
	scope: Scope,
	signal: AbortSignal,
	body: (ctx: TurnContext) => Promise<void>
): Promise<void> {
	const control = controlOf(hub);
	const turn = control.begin(scope);
	const shutdown = () => turn.controller.abort(signal.reason);
	signal.addEventListener('abort', shutdown, { once: true });
	const ctx = new TurnContext(hub, scope, turn);
	try {
		ctx.busy('processing');
		ctx.emit(frame('typing', { on: true }), false);
		try {
			await body(ctx);
		} catch (e) {
			if (!stoppedByUser(ctx)) throw e;
			hub.log(`turn stopped in ${scope.chat_id}`);
		}
		ctx.finish();
		ctx.emit(frame('typing', { on: false }), false);
		ctx.emit(frame('agent.idle', {}));
	} finally {
		signal.removeEventListener('abort', shutdown);
		control.end(scope, turn);
	}
}
