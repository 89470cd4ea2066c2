/**
 * One connection per browser profile (GUIDE "One socket per browser profile"; issue 5).
 *
 * Every tab has its own connection worker; the workers elect a leader with the Web Locks API:
 * the worker holding the lock `iris-connection` owns the socket (its `IrisClient` is configured),
 * the others are followers. The lock is held for the worker's life, so closing the leader's tab
 * releases it and the next waiting worker takes over at once (then reconnects and syncs).
 *
 * Followers keep the `WorkerApi` contract for their page:
 * - `send` / `retry` write the outbox in the shared IndexedDB themselves (so nothing typed
 *   depends on the leader being alive), then ask the leader to flush it;
 * - `configure` / `wake` are forwarded to the leader;
 * - events (status, streaming text, activity, diagnostics, storage) are broadcast by the leader
 *   and re-emitted to the follower's page, so every tab shows the same live state.
 */
import type {
	AgentActivity,
	ConnectionStatus,
	EventSink,
	GatewayConfig,
	SendInput,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { IrisClient } from './client';

/** Name of the Web Lock the leader holds. */
export const LEADER_LOCK = 'iris-connection';
/** Name of the BroadcastChannel between the tabs' workers. */
export const TAB_CHANNEL = 'iris-tabs';

/** What the workers of one profile say to each other. */
export type TabMessage =
	| { kind: 'event'; event: WorkerEvent }
	| { kind: 'state'; to: string; events: WorkerEvent[] }
	| { kind: 'join'; from: string }
	| { kind: 'configure'; config: GatewayConfig | null }
	| { kind: 'flush' }
	| { kind: 'wake' };

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

export class SharedConnection implements WorkerApi {
	readonly #d: SharedDeps;
	readonly #sinks = new Set<EventSink>();
	#leader = false;
	/** What this tab's page asked for; `undefined` until it says. */
	#config: GatewayConfig | null | undefined;
	/** The leader's state as last broadcast (followers). */
	#status: ConnectionStatus = { state: 'connecting' };
	readonly #activity = new Map<string, AgentActivity>();

	constructor(deps: SharedDeps) {
		this.#d = deps;
		deps.channel.onmessage = (ev) => this.#onMessage(ev.data);
		deps.locks
			.request(LEADER_LOCK, () => this.#lead())
			.catch((e: Error) => deps.log?.(`[connection] leader lock failed: ${e.message}`));
		deps.channel.postMessage({ kind: 'join', from: deps.id });
	}

	/** Whether this worker owns the socket. */
	get leader(): boolean {
		return this.#leader;
	}

	subscribe(sink: EventSink): void {
		this.#sinks.add(sink);
		if (this.#leader) {
			this.#d.client.replayTo(sink);
			return;
		}
		sink({ type: 'status', status: this.#status });
		for (const activity of this.#activity.values()) sink({ type: 'activity', activity });
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

	wake(): void {
		if (this.#leader) this.#d.client.wake();
		else this.#d.channel.postMessage({ kind: 'wake' });
	}

	async #lead(): Promise<void> {
		this.#leader = true;
		this.#d.log?.('[connection] this tab holds the connection');
		this.#d.client.subscribe((event) => {
			for (const sink of this.#sinks) sink(event);
			this.#d.channel.postMessage({ kind: 'event', event });
		});
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
	}

	#relay(event: WorkerEvent): void {
		if (event.type === 'status') {
			this.#status = event.status;
			// A leader that went away could not say its turns ended: nothing is busy until the
			// next leader is connected and tells.
			if (event.status.state !== 'connected') this.#clearActivity();
		}
		if (event.type === 'activity') this.#activity.set(event.activity.chat_id, event.activity);
		for (const sink of this.#sinks) sink(event);
	}

	#clearActivity(): void {
		for (const [chat_id, prev] of this.#activity) {
			if (!prev.busy && !prev.typing) continue;
			this.#relay({ type: 'activity', activity: { chat_id, busy: false, typing: false } });
		}
	}
}
