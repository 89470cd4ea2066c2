/**
 * The building blocks of a controllable demo turn (doc/protocol.md "Turn anatomy"): busy state,
 * an assistant message streamed with its reasoning, commentary beats, tool cards, and pickers
 * that wait for `picker.select`. `runControlled` wraps a turn so that `agent.stop` ends it the
 * way the protocol asks (`message.stop` with what was streamed, then `agent.idle`) and
 * `agent.steer` texts are woven into the answer being streamed (`run-controlled.ts` runs it).
 *
 * Every frame goes to every device and into the replay log, except `typing` (ephemeral).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { frame, type ServerFrame, type ServerPayloads } from '../../src/lib/protocol/iris';
import { DEMO_MODEL, demoTokens, streamSteps } from '../demo-agent';
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';
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
		const payload = withoutUndefined(f.payload);
		this.hub.broadcast({ ...f, ...this.scope, payload } as ServerFrame, { record });
	}

	/** Announce what the agent is doing (`agent.busy`); remembered for devices that sync later. */
	busy(reason: BusyReason): void {
		this.turn.reason = reason;
		this.emit(frame('agent.busy', { reason }));
	}

	/**
	 * Wait one streaming step (`IRIS_DEMO_STEP_MS`, or `ms`), and for as long as the test hooks
	 * hold steps (`hub.steps`); rejects when the turn is aborted.
	 */
	async step(ms = this.hub.options.demoStepMs): Promise<void> {
		await sleep(ms, undefined, { signal: this.signal });
		await this.hub.steps?.pass(this.signal);
	}

	/** Open the assistant message of this turn (`message.start`); returns its id. */
	start(): string {
		const message_id = this.hub.messages.nextMessageId();
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
		const started = Date.now();
		this.busy('tool');
		this.toolStart({ index: t.index, name: t.name, preview: t.preview, args: t.args });
		for (const note of t.notes ?? []) {
			await this.step();
			const message_id = this.#open?.message_id;
			this.emit(frame('tool.progress', { index: t.index, name: t.name, note, message_id }));
		}
		await this.step();
		const duration = Math.round((Date.now() - started) / 10) / 100;
		this.toolEnd({
			index: t.index,
			name: t.name,
			ok: t.ok,
			duration,
			output_preview: t.output_preview
		});
		this.busy('processing');
	}

	/** A tool call starts (`tool.start`, tied to the open message if any); busy state is the caller's. */
	toolStart(t: Omit<ServerPayloads['tool.start'], 'message_id'>): void {
		this.emit(frame('tool.start', { ...t, message_id: this.#open?.message_id }));
	}

	/** A tool call ends (`tool.end`, same `index` as its start; `duration` in seconds). */
	toolEnd(t: Omit<ServerPayloads['tool.end'], 'message_id'>): void {
		this.emit(frame('tool.end', { ...t, message_id: this.#open?.message_id }));
	}

	/**
	 * Show a picker and wait for its answer (`picker.select`). `values` are the accepted answers
	 * (null: any text). Once answered, the picker is broadcast again with `answer` so every device
	 * shows it answered. Rejects when the turn is stopped.
	 */
	async ask<T extends PickerType>(
		type: T,
		payload: Omit<ServerPayloads[T], 'picker_id'>,
		values: readonly string[] | null,
		resume?: string
	): Promise<string> {
		const control = controlOf(this.hub);
		const picker_id = control.nextPickerId();
		const full = { picker_id, message_id: this.#open?.message_id, ...payload };
		const value = await new Promise<string>((resolve, reject) => {
			const onAbort = () => reject(this.signal.reason as Error);
			if (this.signal.aborted) return onAbort();
			this.signal.addEventListener('abort', onAbort, { once: true });
			// The picker is kept (it outlives a restart) in the commit that shows it.
			this.hub.atomically(() => {
				control.open({
					picker_id,
					scope: this.scope,
					values: values ? new Set(values) : null,
					frame: { type, payload: withoutUndefined(full) },
					...(resume === undefined ? {} : { resume }),
					resolve: (v) => {
						this.signal.removeEventListener('abort', onAbort);
						resolve(v);
					}
				});
				this.emit(frame(type, full) as ServerFrame);
				this.busy('waiting_input');
			});
		});
		this.emit(frame(type, { ...full, answer: value }) as ServerFrame);
		this.busy('processing');
		return value;
	}

	/** Set the open message's whole text (and reasoning) so far: one `message.update`. */
	write(text: string, reasoning?: string): void {
		const open = this.#requireOpen();
		open.text = text;
		if (reasoning !== undefined) open.reasoning = reasoning;
		this.#update();
	}

	/**
	 * Close the open message (`message.stop`) and store it for history. `result`: the model that
	 * answered and its output tokens (default: the demo model, tokens estimated from the text).
	 */
	finish(result?: { model?: string; tokens?: number }): void {
		const open = this.#open;
		if (!open) return;
		this.#open = undefined;
		const stop: ServerPayloads['message.stop'] = {
			message_id: open.message_id,
			final_text: open.text,
			model: result ? result.model : DEMO_MODEL,
			tokens: result ? result.tokens : demoTokens(open.text)
		};
		if (open.reasoning !== undefined) stop.reasoning = open.reasoning;
		for (const key of ['model', 'tokens'] as const) if (stop[key] === undefined) delete stop[key];
		// One commit for the stop and the stored reply (before idle, so a `history` sent on
		// `agent.idle` already contains it).
		const { final_text, ...rest } = stop;
		this.hub.atomically(() => {
			this.emit(frame('message.stop', stop));
			this.hub.messages.add({
				scope: this.scope,
				message: { ...rest, role: 'assistant', text: final_text, ts: open.ts }
			});
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

/** `payload` without the keys whose value is `undefined` (the schema check would refuse them). */
function withoutUndefined(payload: object): Record<string, unknown> {
	return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
}

/** What a steering text adds to the answer, where it lands. */
function steeredText(steer: string): string {
	return `\n\n> Steered: ${steer}\n\nUnderstood, taking that into account. `;
}

/** The text each step adds, from the full texts of successive steps. */
function deltas(steps: readonly string[]): string[] {
	return steps.map((step, i) => step.slice(i === 0 ? 0 : steps[i - 1]!.length));
}
