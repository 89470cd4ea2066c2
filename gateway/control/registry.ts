/**
 * Control of running agent turns, per gateway (`Hub`): which turn runs in which scope (so
 * `agent.stop` can abort it and `agent.steer` can reach it) and which pickers wait for an answer
 * (so `picker.select` can resume their turn). Kept beside the hub in a WeakMap, so the hub
 * needs no knowledge of it.
 */
import type { ServerPayloads } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { scopeKey, type PickerTable, type Scope } from '../storage/types';

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
	/** The picker frame as broadcast (kept in the store, so a restarted gateway still has it). */
	frame: { type: string; payload: Record<string, unknown> };
	/** Name of the reply that answers it after a restart (`registerPickerReply`). */
	resume?: string;
	/** Resume the turn with the chosen value. */
	resolve: (value: string) => void;
}

/**
 * The turns and pickers of one gateway. Open pickers are kept in the store too: after a restart
 * (./restore.ts) they can still be answered, though the turn that asked is gone.
 */
export class AgentControl {
	readonly #turns = new Map<string, RunningTurn>();
	readonly #pickers = new Map<string, PendingPicker>();
	readonly #store: PickerTable;
	readonly #shuttingDown: () => boolean;
	#pickerSeq = 0;

	/** `shuttingDown`: true while the gateway stops (its pickers stay for the next run). */
	constructor(store: PickerTable, shuttingDown: () => boolean) {
		this.#store = store;
		this.#shuttingDown = shuttingDown;
	}

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
		for (const [id, p] of this.#pickers) {
			if (scopeKey(p.scope) !== key) continue;
			this.#pickers.delete(id);
			if (!this.#shuttingDown()) this.#store.delete(id);
		}
	}

	/** The turn running in `scope`, if any. */
	running(scope: Scope): RunningTurn | undefined {
		return this.#turns.get(scopeKey(scope));
	}

	/** Every turn running now, in any scope. */
	allRunning(): RunningTurn[] {
		return [...this.#turns.values()];
	}

	/** Every picker waiting for an answer, in the order they were opened. */
	allOpen(): PendingPicker[] {
		return [...this.#pickers.values()];
	}

	/** A new picker id, unique in this gateway run. */
	nextPickerId(): string {
		this.#pickerSeq += 1;
		return `p_${Date.now().toString(36)}_${this.#pickerSeq}`;
	}

	/** Wait for `picker.select` on this picker (kept in the store unless `restored` from it). */
	open(picker: PendingPicker, restored = false): void {
		if (!restored) {
			const { picker_id, scope, values, frame, resume } = picker;
			this.#store.put({
				picker_id,
				scope,
				type: frame.type,
				payload: frame.payload,
				values: values ? [...values] : null,
				...(resume === undefined ? {} : { resume })
			});
		}
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
		this.#store.delete(picker_id);
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
		control = new AgentControl(hub.store.pickers, () => hub.signal.aborted);
		controls.set(hub, control);
	}
	return control;
}
