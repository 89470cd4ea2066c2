/**
 * One connection per browser profile (doc/architecture.md "One connection per browser profile").
 *
 * Every tab has its own connection worker; the workers elect a leader with the Web Locks API:
 * the worker holding the lock `iris-connection` owns the socket (its `IrisClient` is configured),
 * the others are followers. The lock is held for the worker's life, so closing the leader's tab
 * releases it and the next waiting worker takes over at once (then reconnects and syncs).
 *
 * The endpoint a page gets is derived from the client's command table: every command is a call
 * the leader runs and answers (here, when this worker leads; an error comes back with its
 * message, which the page shows as is; a call still unanswered when a new leader takes over is
 * asked again, or run here if this worker is the new leader). `FOLLOWER_OWN` below lists the few
 * commands a follower runs differently; a new command needs no change here.
 *
 * Events (status, streaming text and reasoning, activity, transfers, diagnostics, storage) are
 * broadcast by the leader and re-emitted to the follower's page, so every tab shows the same live
 * state. Transfer, diagnostic and storage events of the follower's own writes go to its page too.
 */
import type {
	AgentActivity,
	ConnectionStatus,
	EventSink,
	GatewayConfig,
	WorkerApi,
	WorkerEndpoint,
	WorkerEvent
} from '../bridge/contract';
import type { IndexProgress } from '../bridge/search';
import { FIRST_STORE } from '../db/gateways';
import type { IrisClient } from './client';
import { TabCalls, type Command, type TabChannel, type TabMessage } from './tab-calls';

export type { TabChannel, TabMessage } from './tab-calls';

/** Name of the Web Lock the leader holds (of the first store; `tabNames` for the others). */
export const LEADER_LOCK = 'iris-connection';
/** Name of the BroadcastChannel between the tabs' workers (likewise). */
export const TAB_CHANNEL = 'iris-tabs';

/**
 * The lock and channel of the tabs working on the store `store` (one store per gateway,
 * doc/storage.md): tabs on different gateways never share a leader. The first store (`iris`)
 * keeps the names it always had, so a tab still on an older build shares with a newer one.
 */
export function tabNames(store: string): { lock: string; channel: string } {
	return store === FIRST_STORE
		? { lock: LEADER_LOCK, channel: TAB_CHANNEL }
		: { lock: `${LEADER_LOCK}:${store}`, channel: `${TAB_CHANNEL}:${store}` };
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
	/** The Web Lock the leader holds; `LEADER_LOCK` when absent. */
	lock?: string;
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

/** The endpoint of one tab's worker, leader or follower (see the module comment). */
export class SharedConnection {
	/** What this worker exposes to its page. */
	readonly endpoint: WorkerEndpoint;
	readonly #d: SharedDeps;
	readonly #sinks = new Set<EventSink>();
	readonly #calls: TabCalls;
	#leader = false;
	/** What this tab's page asked for; `undefined` until it says. */
	#config: GatewayConfig | null | undefined;
	/** The leader's state as last broadcast (followers). */
	#status: ConnectionStatus = { state: 'connecting' };
	readonly #activity = new Map<string, AgentActivity>();
	/** The leader's local index progress as last broadcast (followers). */
	#searchProgress: IndexProgress = { state: 'loading', done: 0, total: 0 };

	constructor(deps: SharedDeps) {
		this.#d = deps;
		this.#calls = new TabCalls(deps.channel, deps.id, (command, args) => this.#run(command, args));
		deps.channel.onmessage = (ev) => this.#onMessage(ev.data);
		// What the follower's own client says (its writes: queued uploads, store failures);
		// the leader's client is heard through `#lead` instead.
		deps.client.subscribe((event) => {
			if (!this.#leader && FOLLOWER_OWN_EVENTS.has(event.type)) this.#relay(event);
		});
		const commands = Object.keys(deps.client.commands) as Command[];
		const onLeader = Object.fromEntries(
			commands.map((command) => [command, (...args: unknown[]) => this.#onLeader(command, args)])
		) as unknown as WorkerApi;
		this.endpoint = {
			...onLeader,
			...this.#followerOwn(),
			subscribe: (sink) => this.#subscribe(sink)
		};
		deps.locks
			.request(deps.lock ?? LEADER_LOCK, () => this.#lead())
			.catch((e: Error) => deps.log?.(`[connection] leader lock failed: ${e.message}`));
	}

	/** Whether this worker owns the socket. */
	get leader(): boolean {
		return this.#leader;
	}

	/**
	 * The commands a follower does not simply ask the leader to run: what writes the shared store
	 * is written here (nothing typed or attached depends on the leader being alive; a Cancel or an
	 * Edit is decided by the store's transaction, whichever tab runs it), then the leader is asked
	 * to send it (texts a page carried across its reload are stored here too); `configure`, `wake`
	 * and `checkLink` are passed on without waiting for an answer; the index progress is the leader's as
	 * last broadcast.
	 */
	#followerOwn(): Partial<WorkerApi> {
		const commands = this.#d.client.commands;
		const thenFlush = async <T>(written: Promise<T>): Promise<T> => {
			const value = await written;
			if (!this.#leader) this.#d.channel.postMessage({ kind: 'flush' });
			return value;
		};
		return {
			send: (input) => thenFlush(commands.send(input)),
			retry: (client_msg_id) => thenFlush(commands.retry(client_msg_id)),
			// The store decides (one transaction): nothing to send after a cancel.
			cancelMessage: (client_msg_id) => commands.cancelMessage(client_msg_id),
			editMessage: (input) => thenFlush(commands.editMessage(input)),
			attach: (input) => thenFlush(commands.attach(input)),
			configure: async (config) => {
				this.#config = config;
				if (this.#leader) await commands.configure(config);
				else this.#calls.tell('configure', [config]);
			},
			wake: () => {
				if (this.#leader) commands.wake();
				else this.#calls.tell('wake', []);
			},
			checkLink: () => {
				if (this.#leader) commands.checkLink();
				else this.#calls.tell('checkLink', []);
			},
			// Written by whichever tab the page is in (the store decides, as for a send).
			restoreStreams: (texts) => commands.restoreStreams(texts),
			searchProgress: () => (this.#leader ? commands.searchProgress() : this.#searchProgress)
		};
	}

	#subscribe(sink: EventSink): void {
		this.#sinks.add(sink);
		if (this.#leader) {
			this.#d.client.replayTo(sink);
			return;
		}
		sink({ type: 'status', status: this.#status });
		for (const activity of this.#activity.values()) sink({ type: 'activity', activity });
		// Ask the leader for its state, streaming texts included: streams reach pages as appends,
		// which only fit onto the texts so far.
		this.#d.channel.postMessage({ kind: 'join', from: this.#d.id });
	}

	/** Run `command` on the leader's client: here if this worker leads, else by a call. */
	#onLeader(command: Command, args: unknown[]): Promise<unknown> {
		return this.#leader ? this.#run(command, args) : this.#calls.call(command, args);
	}

	/** Run a command on this worker's own client (the leader's). */
	async #run(command: Command, args: unknown[]): Promise<unknown> {
		const run = this.#d.client.commands[command] as (...a: unknown[]) => unknown;
		return run(...args);
	}

	async #lead(): Promise<void> {
		this.#leader = true;
		this.#d.log?.('[connection] this tab holds the connection');
		this.#d.client.subscribe((event) => {
			for (const sink of this.#sinks) sink(event);
			this.#d.channel.postMessage({ kind: 'event', event });
		});
		this.#d.channel.postMessage({ kind: 'leader', id: this.#d.id });
		this.#calls.runPending();
		try {
			const config = this.#config !== undefined ? this.#config : await this.#d.storedConfig();
			if (config) await this.#d.client.commands.configure(config);
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
				case 'flush':
					this.#d.client.flushOutbox();
					return;
				case 'tell':
					this.#run(message.command, message.args).catch((e: Error) =>
						this.#d.log?.(`[connection] ${message.command}: ${e.message}`)
					);
					return;
				case 'call':
					this.#calls.answer(message);
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
		else if (message.kind === 'reply') this.#calls.settle(message);
		else if (message.kind === 'leader') this.#calls.askAgain();
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
