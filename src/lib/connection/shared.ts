/**
 * One connection per browser profile (GUIDE "One socket per browser profile"; issue 5).
 *
 * Every tab has its own connection worker; the workers elect a leader with the Web Locks API:
 * the worker holding the lock `iris-connection` owns the socket (its `IrisClient` is configured),
 * the others are followers. The lock is held for the worker's life, so closing the leader's tab
 * releases it and the next waiting worker takes over at once (then reconnects and syncs).
 *
 * Followers keep the `WorkerApi` contract for their page:
 * - `send` / `retry` / `attach` write the outbox or the upload queue in the shared IndexedDB
 *   themselves (so nothing typed or attached depends on the leader being alive), then ask the
 *   leader to flush both;
 * - `configure` / `wake` are forwarded to the leader;
 * - the commands that act on the socket or the leader's transfers (`stop`, `steer`,
 *   `selectPicker`, `cancelUpload`, `pull`, `memoryBlob`, `registerPush`, and issue 3's
 *   `FeatureApi`: channels, history, commands, search, read marks) are calls the leader
 *   answers (an error comes back with its message, which the page shows as is); a call
 *   still unanswered when a new leader takes over is asked again (or run here, if this worker
 *   is the new leader);
 * - events (status, streaming text and reasoning, activity, transfers, diagnostics, storage)
 *   are broadcast by the leader and re-emitted to the follower's page, so every tab shows the
 *   same live state. Transfer, diagnostic and storage events of the follower's own writes go to
 *   its page too.
 */
import type {
	AgentActivity,
	ConnectionStatus,
	EventSink,
	GatewayConfig,
	AttachInput,
	SendInput,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { CommandMatch, FeatureApi, SearchHit } from '../bridge/features';
import type { PushRegistration } from '../protocol/push';
import type { IndexProgress, LocalSearchInput, LocalSearchResult } from '../bridge/search';
import type { IrisClient } from './client';

/** Name of the Web Lock the leader holds. */
export const LEADER_LOCK = 'iris-connection';
/** Name of the BroadcastChannel between the tabs' workers. */
export const TAB_CHANNEL = 'iris-tabs';

/** The `WorkerApi` commands a follower asks the leader to run, answered with `reply`. */
export type LeaderCommand =
	| 'stop'
	| 'steer'
	| 'selectPicker'
	| 'cancelUpload'
	| 'pull'
	| 'memoryBlob'
	| 'registerPush'
	| 'searchLocal'
	| keyof FeatureApi;

/** What the workers of one profile say to each other. */
export type TabMessage =
	| { kind: 'event'; event: WorkerEvent }
	| { kind: 'state'; to: string; events: WorkerEvent[] }
	| { kind: 'join'; from: string }
	| { kind: 'configure'; config: GatewayConfig | null }
	| { kind: 'flush' }
	| { kind: 'wake' }
	/** A new leader took over (unanswered calls are asked again). */
	| { kind: 'leader'; id: string }
	| { kind: 'call'; from: string; call: number; command: LeaderCommand; args: unknown[] }
	/** The answer to a call: its value, or the message of the error it threw. */
	| { kind: 'reply'; to: string; call: number; value?: unknown; error?: string };

/** A call a follower waits on. */
interface PendingCall {
	command: LeaderCommand;
	args: unknown[];
	resolve: (value: unknown) => void;
	reject: (error: Error) => void;
}

/** The part of `BroadcastChannel` used (a fake one in tests). */
export interface TabChannel {
	postMessage(message: TabMessage): void;
	onmessage: ((ev: MessageEvent<TabMessage>) => void) | null;
}

/** The part of `navigator.locks` used. */
export interface TabLocks {
	request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

export interface SharedDeps {
	client: IrisClient;
	channel: TabChannel;
	locks: TabLocks;
	/** This worker's id on the channel. */
	id: string;
	/** The gateway stored in the shared store, read when this worker becomes the leader. */
	storedConfig: () => Promise<GatewayConfig | null>;
	log?: (line: string) => void;
}

/** Events a follower's own client reports to its page (the rest come from the leader). */
const FOLLOWER_OWN_EVENTS: ReadonlySet<WorkerEvent['type']> = new Set([
	'transfer',
	'diagnostic',
	'storage'
]);

/** The `WorkerApi` of one tab's worker, leader or follower (see the module comment). */
export class SharedConnection implements WorkerApi {
	readonly #d: SharedDeps;
	readonly #sinks = new Set<EventSink>();
	#leader = false;
	/** What this tab's page asked for; `undefined` until it says. */
	#config: GatewayConfig | null | undefined;
	/** The leader's state as last broadcast (followers). */
	#status: ConnectionStatus = { state: 'connecting' };
	readonly #activity = new Map<string, AgentActivity>();
	/** The leader's local index progress as last broadcast (followers). */
	#searchProgress: IndexProgress = { state: 'loading', done: 0, total: 0 };
	readonly #calls = new Map<number, PendingCall>();
	#callSeq = 0;

	constructor(deps: SharedDeps) {
		this.#d = deps;
		deps.channel.onmessage = (ev) => this.#onMessage(ev.data);
		// What the follower's own client says (its writes: queued uploads, store failures);
		// the leader's client is heard through `#lead` instead.
		deps.client.subscribe((event) => {
			if (!this.#leader && FOLLOWER_OWN_EVENTS.has(event.type)) this.#relay(event);
		});
		deps.locks
			.request(LEADER_LOCK, () => this.#lead())
			.catch((e: Error) => deps.log?.(`[connection] leader lock failed: ${e.message}`));
	}

	/** Whether this worker owns the socket. */
	get leader(): boolean {
		return this.#leader;
	}

	subscribe(sink: EventSink, options?: { streamEmitMs?: number }): void {
		// Only this worker's client: a follower's page gets the leader's pace (the bench runs
		// one tab).
		if (options?.streamEmitMs !== undefined) this.#d.client.streamEmitMs = options.streamEmitMs;
		this.#sinks.add(sink);
		if (this.#leader) {
			this.#d.client.replayTo(sink);
			return;
		}
		sink({ type: 'status', status: this.#status });
		for (const activity of this.#activity.values()) sink({ type: 'activity', activity });
		// Ask the leader for its state, streaming texts included: streams reach pages as appends
		// (issue 7), which only fit onto the texts so far.
		this.#d.channel.postMessage({ kind: 'join', from: this.#d.id });
	}

	async configure(config: GatewayConfig | null): Promise<void> {
		this.#config = config;
		if (this.#leader) await this.#d.client.configure(config);
		else this.#d.channel.postMessage({ kind: 'configure', config });
	}

	async send(input: SendInput): Promise<string> {
		const client_msg_id = await this.#d.client.send(input);
		if (!this.#leader) this.#d.channel.postMessage({ kind: 'flush' });
		return client_msg_id;
	}

	async retry(client_msg_id: string): Promise<void> {
		await this.#d.client.retry(client_msg_id);
		if (!this.#leader) this.#d.channel.postMessage({ kind: 'flush' });
	}

	async attach(input: AttachInput): Promise<void> {
		await this.#d.client.attach(input);
		if (!this.#leader) this.#d.channel.postMessage({ kind: 'flush' });
	}

	wake(): void {
		if (this.#leader) this.#d.client.wake();
		else this.#d.channel.postMessage({ kind: 'wake' });
	}

	stop(scope: { chat_id: string; thread_id?: string }): Promise<void> {
		return this.#call('stop', scope);
	}

	steer(input: { chat_id: string; thread_id?: string; text: string }): Promise<'steered' | 'sent'> {
		return this.#call('steer', input);
	}

	selectPicker(input: { picker_id: string; value: string; label: string }): Promise<void> {
		return this.#call('selectPicker', input);
	}

	cancelUpload(media_ref: string): Promise<void> {
		return this.#call('cancelUpload', media_ref);
	}

	pull(media_id: string): Promise<void> {
		return this.#call('pull', media_id);
	}

	memoryBlob(media_id: string): Promise<Blob | undefined> {
		return this.#call('memoryBlob', media_id);
	}

	registerPush(reg: PushRegistration | null): Promise<void> {
		return this.#call('registerPush', reg);
	}

	createChannel(input: Parameters<FeatureApi['createChannel']>[0]): Promise<string> {
		return this.#call('createChannel', input);
	}

	renameChannel(chat_id: string, name: string): Promise<void> {
		return this.#call('renameChannel', chat_id, name);
	}

	setDefaultChannel(chat_id: string): Promise<void> {
		return this.#call('setDefaultChannel', chat_id);
	}

	deleteChannel(chat_id: string): Promise<void> {
		return this.#call('deleteChannel', chat_id);
	}

	loadHistory(
		input: Parameters<FeatureApi['loadHistory']>[0]
	): ReturnType<FeatureApi['loadHistory']> {
		return this.#call('loadHistory', input);
	}

	completeCommands(prefix: string): Promise<CommandMatch[]> {
		return this.#call('completeCommands', prefix);
	}

	search(input: Parameters<FeatureApi['search']>[0]): Promise<SearchHit[]> {
		return this.#call('search', input);
	}

	markRead(chat_id: string, message_id: string): Promise<void> {
		return this.#call('markRead', chat_id, message_id);
	}

	// The leader's index is the live one: it indexes what the leader stores (issue 8).
	searchLocal(input: LocalSearchInput): Promise<LocalSearchResult> {
		return this.#call('searchLocal', input);
	}

	searchProgress(): IndexProgress {
		return this.#leader ? this.#d.client.searchProgress() : this.#searchProgress;
	}

	/** Run `command` on the leader's client: here if this worker leads, else by a call. */
	#call<K extends LeaderCommand>(
		command: K,
		...args: Parameters<WorkerApi[K]>
	): Promise<Awaited<ReturnType<WorkerApi[K]>>> {
		if (this.#leader) return this.#run(command, args) as Promise<Awaited<ReturnType<WorkerApi[K]>>>;
		return new Promise((resolve, reject) => {
			const call = ++this.#callSeq;
			this.#calls.set(call, {
				command,
				args,
				resolve: resolve as (value: unknown) => void,
				reject
			});
			this.#ask(call);
		});
	}

	#ask(call: number): void {
		const pending = this.#calls.get(call);
		if (!pending) return;
		const { command, args } = pending;
		this.#d.channel.postMessage({ kind: 'call', from: this.#d.id, call, command, args });
	}

	/** Run a command on this worker's own client (the leader's). */
	#run(command: LeaderCommand, args: unknown[]): Promise<unknown> {
		const run = this.#d.client[command] as (...a: unknown[]) => Promise<unknown>;
		return run.apply(this.#d.client, args);
	}

	/** Answer a follower's call with the result of running it here. */
	#answer(message: Extract<TabMessage, { kind: 'call' }>): void {
		const reply = (answer: { value?: unknown; error?: string }) =>
			this.#d.channel.postMessage({
				kind: 'reply',
				to: message.from,
				call: message.call,
				...answer
			});
		this.#run(message.command, message.args).then(
			(value) => reply({ value }),
			(e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) })
		);
	}

	#onReply(message: Extract<TabMessage, { kind: 'reply' }>): void {
		const pending = this.#calls.get(message.call);
		if (!pending) return;
		this.#calls.delete(message.call);
		if (message.error !== undefined) pending.reject(new Error(message.error));
		else pending.resolve(message.value);
	}

	/** This worker became the leader: run here what it was still waiting on. */
	#runPendingCalls(): void {
		for (const [call, pending] of this.#calls) {
			this.#calls.delete(call);
			this.#run(pending.command, pending.args).then(pending.resolve, pending.reject);
		}
	}

	async #lead(): Promise<void> {
		this.#leader = true;
		this.#d.log?.('[connection] this tab holds the connection');
		this.#d.client.subscribe((event) => {
			for (const sink of this.#sinks) sink(event);
			this.#d.channel.postMessage({ kind: 'event', event });
		});
		this.#d.channel.postMessage({ kind: 'leader', id: this.#d.id });
		this.#runPendingCalls();
		try {
			const config = this.#config !== undefined ? this.#config : await this.#d.storedConfig();
			if (config) await this.#d.client.configure(config);
		} catch (e) {
			// A store failure is reported to the pages by the client; the lock stays held, or a
			// second leader could start while this one still answers as the leader.
			this.#d.log?.(`[connection] could not connect as the leader: ${(e as Error).message}`);
		}
		// Held for the life of this worker: the browser releases it when the tab goes away.
		await new Promise<never>(() => {});
	}

	#onMessage(message: TabMessage): void {
		if (this.#leader) {
			switch (message.kind) {
				case 'configure':
					this.#d.client
						.configure(message.config)
						.catch((e: Error) => this.#d.log?.(`[connection] configure: ${e.message}`));
					return;
				case 'flush':
					this.#d.client.flushOutbox();
					return;
				case 'wake':
					this.#d.client.wake();
					return;
				case 'call':
					this.#answer(message);
					return;
				case 'join': {
					const events: WorkerEvent[] = [];
					this.#d.client.replayTo((event) => events.push(event));
					this.#d.channel.postMessage({ kind: 'state', to: message.from, events });
					return;
				}
				default:
					return;
			}
		}
		if (message.kind === 'event') this.#relay(message.event);
		else if (message.kind === 'state' && message.to === this.#d.id)
			message.events.forEach((e) => this.#relay(e));
		else if (message.kind === 'reply' && message.to === this.#d.id) this.#onReply(message);
		else if (message.kind === 'leader') for (const call of this.#calls.keys()) this.#ask(call);
	}

	#relay(event: WorkerEvent): void {
		if (event.type === 'status') {
			this.#status = event.status;
			// A leader that went away could not say its turns ended: nothing is busy until the
			// next leader is connected and tells.
			if (event.status.state !== 'connected') this.#clearActivity();
		}
		if (event.type === 'activity') this.#activity.set(event.activity.chat_id, event.activity);
		if (event.type === 'search_index') this.#searchProgress = event.progress;
		for (const sink of this.#sinks) sink(event);
	}

	#clearActivity(): void {
		for (const [chat_id, prev] of this.#activity) {
			if (!prev.busy && !prev.typing) continue;
			this.#relay({ type: 'activity', activity: { chat_id, busy: false, typing: false } });
		}
	}
}
