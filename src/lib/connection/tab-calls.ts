/**
 * Commands a follower tab's worker asks the leader's to run, over the profile's
 * BroadcastChannel: numbered calls, answered with the value or the message of the error it threw;
 * a call a leader took with it when it went away is asked again of the next one.
 */
import type { WorkerApi, WorkerEvent } from '../bridge/contract';

/** A command of the worker contract. */
export type Command = keyof WorkerApi;

/** What the workers of one profile say to each other. */
export type TabMessage =
	| { kind: 'event'; event: WorkerEvent }
	| { kind: 'state'; to: string; events: WorkerEvent[] }
	| { kind: 'join'; from: string }
	/** Run a command on the leader without an answer (`configure`, `wake`). */
	| { kind: 'tell'; command: Command; args: unknown[] }
	| { kind: 'flush' }
	/** A new leader took over (unanswered calls are asked again). */
	| { kind: 'leader'; id: string }
	| { kind: 'call'; from: string; call: number; command: Command; args: unknown[] }
	/** The answer to a call: its value, or the message of the error it threw. */
	| { kind: 'reply'; to: string; call: number; value?: unknown; error?: string };

/** The part of `BroadcastChannel` used (a fake one in tests). */
export interface TabChannel {
	postMessage(message: TabMessage): void;
	onmessage: ((ev: MessageEvent<TabMessage>) => void) | null;
}

/** A call a follower waits on. */
interface PendingCall {
	command: Command;
	args: unknown[];
	resolve: (value: unknown) => void;
	reject: (error: Error) => void;
}

/** Runs a command on this worker's own client. */
export type RunCommand = (command: Command, args: unknown[]) => Promise<unknown>;

export class TabCalls {
	readonly #channel: TabChannel;
	readonly #id: string;
	readonly #run: RunCommand;
	readonly #calls = new Map<number, PendingCall>();
	#seq = 0;

	constructor(channel: TabChannel, id: string, run: RunCommand) {
		this.#channel = channel;
		this.#id = id;
		this.#run = run;
	}

	/** Ask the leader to run `command`; settles with its answer. */
	call(command: Command, args: unknown[]): Promise<unknown> {
		return new Promise((resolve, reject) => {
			const call = ++this.#seq;
			this.#calls.set(call, { command, args, resolve, reject });
			this.#ask(call);
		});
	}

	/** Ask the leader to run `command`, expecting no answer. */
	tell(command: Command, args: unknown[]): void {
		this.#channel.postMessage({ kind: 'tell', command, args });
	}

	/** (Leader) answer a follower's call with the result of running it here. */
	answer(message: Extract<TabMessage, { kind: 'call' }>): void {
		const reply = (answer: { value?: unknown; error?: string }) =>
			this.#channel.postMessage({ kind: 'reply', to: message.from, call: message.call, ...answer });
		this.#run(message.command, message.args).then(
			(value) => reply({ value }),
			(e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) })
		);
	}

	/** (Follower) the leader answered one of our calls, or another tab's. */
	settle(message: Extract<TabMessage, { kind: 'reply' }>): void {
		if (message.to !== this.#id) return;
		const pending = this.#calls.get(message.call);
		if (!pending) return;
		this.#calls.delete(message.call);
		if (message.error !== undefined) pending.reject(new Error(message.error));
		else pending.resolve(message.value);
	}

	/** A new leader took over: ask it what is still unanswered. */
	askAgain(): void {
		for (const call of this.#calls.keys()) this.#ask(call);
	}

	/** This worker became the leader: run here what it was still waiting on. */
	runPending(): void {
		for (const [call, pending] of this.#calls) {
			this.#calls.delete(call);
			this.#run(pending.command, pending.args).then(pending.resolve, pending.reject);
		}
	}

	#ask(call: number): void {
		const pending = this.#calls.get(call);
		if (!pending) return;
		const { command, args } = pending;
		this.#channel.postMessage({ kind: 'call', from: this.#id, call, command, args });
	}
}
