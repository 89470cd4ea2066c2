/**
 * Control of running agent turns, per gateway (`Hub`): which turn runs in which scope (so
 * `agent.stop` can abort it and `agent.steer` can reach it) and which pickers wait for an answer
 * (so `picker.select` can resume their turn). Kept beside the hub in a WeakMap, so the hub
 * needs no knowledge of it.
 */
import type { ServerPayloads } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { scopeKey, type Scope } from '../store';

/** Why the agent is busy (`agent.busy.reason`). */
export type BusyReason = NonNullable<ServerPayloads['agent.busy']['reason']>;

/** One running turn: its stop switch and the steering texts not yet woven in. */
export class RunningTurn {
	/** The scope it runs in. */
	readonly scope: Scope;
	/** The last `agent.busy.reason` it announced. */
	reason: BusyReason = 'processing';
	/** Aborted by `agent.stop` (reason `'stop'`) or when the gateway shuts down. */
	readonly controller = new AbortController();
	readonly #steers: string[] = [];
	readonly #listeners = new Set<() => void>();
	#finish: () => void = () => {};
	/** Resolves when the turn has ended (after its last frame). */
	readonly finished = new Promise<void>((resolve) => (this.#finish = resolve));

	constructor(scope: Scope) {
		this.scope = scope;
	}

	/** Mark the turn as over (called by `AgentControl.end`). */
	markFinished(): void {
		this.#finish();
	}

	/** Queue a steering text; wakes whoever waits in `nextSteer`. */
	steer(text: string): void {
		this.#steers.push(text);
		for (const wake of this.#listeners) wake();
	}

	/** Take the oldest steering text not yet used, if any. */
	takeSteer(): string | undefined {
		return this.#steers.shift();
	}

	/** Call `wake` whenever a steer arrives; returns the unsubscribe function. */
	onSteer(wake: () => void): () => void {
		this.#listeners.add(wake);
		return () => this.#listeners.delete(wake);
	}
}

/** A picker that waits for `picker.select`. `values` null = free text accepted (clarify). */
export interface PendingPicker {
	picker_id: string;
	scope: Scope;
	values: ReadonlySet<string> | null;
	/** Resume the turn with the chosen value. */
	resolve: (value: string) => void;
}

/** The turns and pickers of one gateway. */
export class AgentControl {
	readonly #turns = new Map<string, RunningTurn>();
	readonly #pickers = new Map<string, PendingPicker>();
	#pickerSeq = 0;

	/** Register the turn now running in `scope` (one per scope: turns are queued per scope). */
	begin(scope: Scope): RunningTurn {
		const turn = new RunningTurn(scope);
		this.#turns.set(scopeKey(scope), turn);
		return turn;
	}

	/** The turn ended: forget it and the pickers it still had open. */
	end(scope: Scope, turn: RunningTurn): void {
		const key = scopeKey(scope);
		if (this.#turns.get(key) === turn) this.#turns.delete(key);
		turn.markFinished();
		for (const [id, p] of this.#pickers) if (scopeKey(p.scope) === key) this.#pickers.delete(id);
	}

	/** The turn running in `scope`, if any. */
	running(scope: Scope): RunningTurn | undefined {
		return this.#turns.get(scopeKey(scope));
	}

	/** Every turn running now, in any scope. */
	allRunning(): RunningTurn[] {
		return [...this.#turns.values()];
	}

	/** A new picker id, unique in this gateway run. */
	nextPickerId(): string {
		this.#pickerSeq += 1;
		return `p_${Date.now().toString(36)}_${this.#pickerSeq}`;
	}

	/** Wait for `picker.select` on this picker. */
	open(picker: PendingPicker): void {
		this.#pickers.set(picker.picker_id, picker);
	}

	/**
	 * Answer a picker: resumes its turn and returns its scope; or returns why it was refused (the
	 * picker is unknown or already answered, or the value is not one of its choices).
	 */
	answer(picker_id: string, value: string): { scope: Scope } | { refused: string } {
		const picker = this.#pickers.get(picker_id);
		if (!picker) return { refused: `no open picker "${picker_id}" (unknown or already answered)` };
		if (picker.values && !picker.values.has(value)) {
			return { refused: `"${value}" is not a choice of picker "${picker_id}"` };
		}
		this.#pickers.delete(picker_id);
		picker.resolve(value);
		return { scope: picker.scope };
	}
}

const controls = new WeakMap<Hub, AgentControl>();

/** The turn control of `hub` (created on first use). */
export function controlOf(hub: Hub): AgentControl {
	let control = controls.get(hub);
	if (!control) {
		control = new AgentControl();
		controls.set(hub, control);
	}
	return control;
}
