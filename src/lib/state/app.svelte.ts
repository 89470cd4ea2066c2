/**
 * App-wide state on the page: pairing, connection status, agent activity, streaming text and
 * diagnostics, fed by the connection; the store the UI reads; and the way the UI reaches the
 * worker: `commands` (every command of the contract) and the few actions that do more on the page
 * (`pair`, `unpair`, `send`, `retry`: they write the store first and survive a move to memory).
 */
import type {
	AgentActivity,
	TransferProgress,
	ConnectionStatus,
	DiagnosticEntry,
	GatewayConfig,
	StorageFailure,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { AsyncApi, WorkerHandle } from '../handle/types';
import { startWorker } from '../handle/worker';
import { IrisDB } from '../db/schema';
import { getMeta } from '../db/meta';
import { probeStore } from '../db/probe';
import { classifyStorageError } from '../db/failure';
import { LiveTexts } from './live-texts.svelte';
import { Notices } from './notices.svelte';
import { QueuedSends } from './queued.svelte';
import { StorageFallback } from './storage-fallback';
import { Store } from './store.svelte';
import type { IndexProgress } from '../bridge/search';

/** Why a command was cut short: the app moved to memory meanwhile (it is run again there). */
const MOVED = new Error('the app moved to an in-memory store');

/** How many diagnostics the page keeps. */
const DIAGNOSTICS_KEPT = 200;

export class AppState {
	/** `undefined` while loading from the store; `null` when not paired. */
	config = $state<GatewayConfig | null | undefined>(undefined);
	status = $state<ConnectionStatus>({ state: 'unpaired' });
	activity = $state<Record<string, AgentActivity>>({});
	diagnostics = $state<DiagnosticEntry[]>([]);
	/** Non-null once the store failed and the app runs from memory (a banner says so). */
	storage = $state<StorageFailure | null>(null);
	/** Media transfers by `media_id` (uploads by `media_ref`), latest state each. */
	transfers = $state<Record<string, TransferProgress>>({});
	/** The local search index's progress (doc/search.md). */
	searchIndex = $state<IndexProgress>({ state: 'loading', done: 0, total: 0 });
	/** Hot streaming text and reasoning of the answers still arriving. */
	readonly live = new LiveTexts();
	/** Toasts, the gateway's status and unsolicited errors. */
	readonly notices = new Notices();
	/** Messages sent while the agent was busy, until that turn ends. */
	readonly queued = new QueuedSends();
	/** The store the UI reads; switched to the in-memory one after a storage failure. */
	readonly store: Store;
	/**
	 * Every worker command, once the connection has started (and after a move to memory, on the
	 * connection in the page). Rejects as the command does.
	 */
	readonly commands: AsyncApi<WorkerApi> = new Proxy({} as AsyncApi<WorkerApi>, {
		get: (_, name) =>
			typeof name !== 'string' || name === 'then'
				? undefined
				: async (...args: unknown[]) => {
						const api = (await this.#api()) as unknown as Record<
							string,
							(...a: unknown[]) => unknown
						>;
						return api[name]!(...args);
					}
	});
	#worker: WorkerHandle | null = null;
	#started: Promise<void> | null = null;
	/** Rejects with `MOVED` when the app starts moving to memory. */
	readonly #moved = Promise.withResolvers<never>();
	/** The move to memory, once started. */
	#switch: Promise<void> = Promise.resolve();
	readonly #fallback = new StorageFallback((entry) => this.#onEvent({ type: 'diagnostic', entry }));

	constructor(db = new IrisDB()) {
		this.store = new Store(db);
		this.#moved.promise.catch(() => {
			// Only a signal for commands in flight.
		});
	}

	/**
	 * Start the worker and connect to the stored gateway, if any. Idempotent: every action awaits
	 * it, since child routes (e.g. `/pair`) mount before the layout.
	 */
	start(): Promise<void> {
		this.#started ??= this.#start();
		return this.#started;
	}

	async #start(): Promise<void> {
		const failure = await probeStore(this.store.db);
		// Copy what is stored unless nothing can be read: IndexedDB is missing, or our own open
		// request waits behind an older tab (a read would queue behind it).
		if (failure)
			await this.#toMemory(failure, failure.kind !== 'unavailable' && failure.kind !== 'blocked');
		else {
			this.#worker = startWorker();
			await this.#worker.subscribe((event) => this.#onEvent(event));
			this.store.db.on('versionchange', () => {
				this.#toMemory({ kind: 'versionchange', message: 'upgraded by another tab' }, true).catch(
					(e: unknown) => console.error('[app] could not move to memory', e)
				);
			});
		}
		const stored = (await getMeta(this.store.db, 'gateway')) ?? null;
		// A pairing that started meanwhile (the `/pair` route) wins over what was stored.
		if (this.config === undefined) {
			this.config = stored;
			if (stored) {
				try {
					await Promise.race([this.#worker?.api.configure(stored), this.#moved.promise]);
				} catch (e) {
					// The worker stores the gateway first: failing means the store failed (the
					// memory store is configured with `this.config` when the move is done).
					await this.#toMemory(classifyStorageError(e), true);
				}
			}
		}
		const wake = () => void this.#worker?.api.wake();
		addEventListener('online', wake);
		document.addEventListener('visibilitychange', () => {
			if (document.visibilityState === 'visible') wake();
		});
	}

	/** Pair with a gateway (doc/protocol.md: the URL is used as given). */
	async pair(config: GatewayConfig): Promise<void> {
		this.config = config;
		await this.#command((api) => api.configure(config));
	}

	/** Forget the gateway and disconnect; the pairing form shows again. */
	async unpair(): Promise<void> {
		this.config = null;
		await (await this.#api()).configure(null);
	}

	/**
	 * Queue a message; it shows at once as `sending` (and as queued while the agent is busy). With
	 * `media_refs` (from `attach`) it goes out once those uploads are done.
	 */
	async send(chat_id: string, text: string, media_refs: string[] = []): Promise<void> {
		const busy = this.activity[chat_id]?.busy ?? false;
		// Chosen here, so a send run again after a move to memory is still one message.
		const client_msg_id = crypto.randomUUID();
		await this.#command((api) =>
			api.send({ chat_id, text, client_msg_id, ...(media_refs.length ? { media_refs } : {}) })
		);
		// Still busy after the send: the turn it waits for has not ended meanwhile.
		if (busy && this.activity[chat_id]?.busy) this.queued.mark(chat_id, client_msg_id);
	}

	/** Re-queue a failed message (its uploads too). */
	async retry(client_msg_id: string): Promise<void> {
		await this.#command((api) => api.retry(client_msg_id));
	}

	/**
	 * Run a command that writes the store first (configure, send, retry). If it fails, the store
	 * failed: move to memory and run it there once, so what the user typed is not lost.
	 */
	async #command<T>(run: (api: WorkerHandle['api']) => Promise<T>): Promise<T> {
		const inMemory = this.storage !== null;
		try {
			// A worker stopped by a switch to memory never answers: the switch ends the wait. Once
			// in memory there is no switch to wait for (`#moved` has rejected already).
			const api = await this.#api();
			return inMemory ? await run(api) : await Promise.race([run(api), this.#moved.promise]);
		} catch (e) {
			if (inMemory) throw e;
			if (e !== MOVED) await this.#toMemory(classifyStorageError(e), true);
			return run(await this.#api());
		}
	}

	/**
	 * Move the app to an in-memory store after a storage failure (once): stop the worker, copy
	 * what the real store still holds, run the connection in the page on the copy, and reconnect.
	 */
	#toMemory(failure: StorageFailure, copy: boolean): Promise<void> {
		if (this.storage) return this.#switch;
		this.storage = failure;
		this.#moved.reject(MOVED);
		this.#switch = this.#moveToMemory(failure, copy);
		return this.#switch;
	}

	async #moveToMemory(failure: StorageFailure, copy: boolean): Promise<void> {
		this.#worker?.terminate();
		this.#worker = null;
		const { db, handle } = await this.#fallback.switchTo(this.store.db, failure, copy);
		this.store.switchTo(db);
		this.#worker = handle;
		await handle.subscribe((event) => this.#onEvent(event));
		// A plain copy: the rune proxy cannot be cloned into the store.
		if (this.config) await handle.api.configure($state.snapshot(this.config));
	}

	async #api(): Promise<AsyncApi<WorkerApi>> {
		await this.start();
		await this.#switch;
		if (!this.#worker) throw new Error('the connection worker did not start');
		return this.#worker.api;
	}

	#onEvent(event: WorkerEvent): void {
		switch (event.type) {
			case 'status':
				this.status = event.status;
				return;
			case 'stream':
			case 'reasoning':
				this.live.push(event.type, event.updates);
				return;
			case 'activity':
				this.activity[event.activity.chat_id] = event.activity;
				if (!event.activity.busy) this.queued.turnEnded(event.activity.chat_id);
				return;
			case 'transfer':
				this.transfers[event.transfer.media_id] = event.transfer;
				return;
			case 'search_index':
				this.searchIndex = event.progress;
				return;
			case 'diagnostic':
				this.diagnostics = [...this.diagnostics.slice(1 - DIAGNOSTICS_KEPT), event.entry];
				return;
			case 'storage':
				this.#toMemory(event.failure, true).catch((e: unknown) =>
					console.error('[app] could not move to memory', e)
				);
				return;
			default:
				this.notices.onEvent(event);
		}
	}
}

/** The one app state of this page. */
export const app = new AppState();
