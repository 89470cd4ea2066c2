/**
 * App-wide state on the page: pairing, connection status, agent activity, streaming text and
 * diagnostics, fed by the connection; the store the UI reads; `commands` (every worker command)
 * and the actions that write the store first and survive a move to memory (`pair`, `unpair`,
 * `send`, `retry`, `cancelMessage`, `editMessage`). One store per gateway (doc/storage.md):
 * pairing with another gateway switches store and worker together; other tabs follow (`#follow`).
 */
import type {
	AgentActivity,
	TransferProgress,
	ConnectionStatus,
	DiagnosticEntry,
	EditInput,
	GatewayConfig,
	SendInput,
	StorageFailure,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { AsyncApi, WorkerHandle } from '../handle/types';
import { IrisDB } from '../db/schema';
import { getMeta } from '../db/meta';
import { probeStore } from '../db/probe';
import { classifyStorageError } from '../db/failure';
import { applyEvent } from './app-events';
import type { GatewaySwitch } from './gateway-switch';
import { LiveTexts } from './live-texts.svelte';
import { Notices } from './notices.svelte';
import { QueuedSends } from './queued.svelte';
import { StorageFallback } from './storage-fallback';
import { Store } from './store.svelte';
import { benchMark, benchSpan } from '../platform/bench-marks';
import { watchPage } from './page-watch';
import type { IndexProgress } from '../bridge/search';

/** Why a command was cut short: the app moved to memory meanwhile (it is run again there). */
const MOVED = new Error('the app moved to an in-memory store');
type Commands = Record<string, (...a: unknown[]) => unknown>;

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
	/** Every worker command, once connected (in the page after a move to memory); rejects as it. */
	readonly commands: AsyncApi<WorkerApi> = new Proxy({} as AsyncApi<WorkerApi>, {
		get: (_, name) =>
			typeof name !== 'string' || name === 'then'
				? undefined
				: async (...args: unknown[]) => {
						const api = (await this.#api()) as unknown as Commands;
						return api[name]!(...args);
					}
	});
	#worker: WorkerHandle | null = null;
	#started: Promise<void> | null = null;
	/** Rejects with `MOVED` when the app starts moving to memory. */
	readonly #moved = Promise.withResolvers<never>();
	#switch: Promise<void> = Promise.resolve(); // the move to memory, once started
	readonly #fallback = new StorageFallback((entry) => this.#onEvent({ type: 'diagnostic', entry }));
	#gatewaySwitch: Promise<GatewaySwitch> | undefined;
	/** Switching gateways; its code loads at start-up, after the chat's first render. */
	#gateways(): Promise<GatewaySwitch> {
		return (this.#gatewaySwitch ??= import('./gateway-switch').then(
			({ GatewaySwitch }) =>
				new GatewaySwitch({
					store: () => this.store,
					inMemory: () => this.storage !== null,
					api: () => this.#worker?.api ?? null,
					openStore: (name) => this.#openStore(name),
					follow: async (config) => {
						this.config = config;
						if (config) await this.#worker?.api.configure(config);
					},
					registerPush: (reg) => this.commands.registerPush(reg),
					note: (line) => this.#note(line)
				})
		));
	}
	#connection = 0; // counts started connections: events of a stopped one are dropped

	constructor(db = new IrisDB()) {
		this.store = new Store(db);
		this.#moved.promise.catch(() => {}); // Only a signal for commands in flight.
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
		// Probed at once: the views opened it already, and a `blocked` event fires only once.
		const probing = benchSpan('idb-open', probeStore(this.store.db));
		const active = await (await this.#gateways()).start();
		const failure = await (active && active.store !== this.store.db.name
			? probeStore(this.#useStore(active.store))
			: probing);
		// Copy what is stored unless nothing can be read: IndexedDB is missing, or our own open
		// request waits behind an older tab (a read would queue behind it).
		if (failure)
			await this.#toMemory(failure, failure.kind !== 'unavailable' && failure.kind !== 'blocked');
		const stored = active?.pairing ?? (await getMeta(this.store.db, 'gateway')) ?? null;
		// A pairing started meanwhile (`/pair`) wins. The chat renders before the worker starts.
		const shown = this.config === undefined;
		if (shown) {
			benchMark('config');
			this.config = stored;
			// Paired: "connecting" from the first paint, not "not paired" until the worker reports.
			if (stored) this.status = { state: 'connecting' };
		}
		if (!failure) await this.#connect();
		if (shown && stored) {
			try {
				await Promise.race([this.#worker?.api.configure(stored), this.#moved.promise]);
			} catch (e) {
				// The worker stores the gateway first: failing means the store failed (the
				// memory store is configured with `this.config` when the move is done).
				await this.#toMemory(classifyStorageError(e), true);
			}
		}
		// Another tab switching gateways (or unpairing) is followed here.
		(await this.#gateways()).watch();
		watchPage(this.live, this.store, () => this.#worker?.api);
	}

	/**
	 * Pair with a gateway (doc/protocol.md: the URL is used as given). Another gateway than the
	 * current one gets its own store (`GatewaySwitch`: the old one is left, push unregistered, the
	 * store and the worker switch, other tabs follow).
	 */
	async pair(config: GatewayConfig): Promise<void> {
		this.config = config;
		await this.start();
		const plain = $state.snapshot(config);
		await (await this.#gateways()).use(plain);
		await this.#command((api) => api.configure(plain));
	}

	/** Forget the gateway and disconnect; the pairing form shows again (its store is kept). */
	async unpair(): Promise<void> {
		this.config = null;
		await (await this.#gateways()).clear();
		await (await this.#api()).configure(null);
	}

	/** Read the store named `name` from now on (before any connection runs on it). */
	#useStore(name: string): IrisDB {
		const old = this.store.db;
		if (old.name === name) return old;
		this.store.switchTo(new IrisDB(name));
		old.close();
		return this.store.db;
	}

	/** Stop the connection, switch to the store `name` and start a connection on it. */
	async #openStore(name: string): Promise<void> {
		this.#worker?.terminate();
		this.#worker = null;
		this.#connection++;
		// What the old gateway said about its turns and transfers is not the new one's.
		this.status = { state: 'connecting' };
		this.activity = {};
		this.transfers = {};
		const failure = await probeStore(this.#useStore(name));
		if (failure) await this.#toMemory(failure, failure.kind === 'quota');
		else await this.#connect();
	}

	/** Start the connection worker on the current store and listen to it. */
	async #connect(): Promise<void> {
		const db = this.store.db;
		const connection = ++this.#connection;
		// Comlink and the worker's start-up on demand: the chat renders from the store first.
		const { startWorker } = await import('../handle/worker');
		if (connection !== this.#connection) return;
		this.#worker = startWorker(db.name);
		await this.#worker.subscribe((event) => {
			if (connection === this.#connection) this.#onEvent(event);
		});
		db.on('versionchange', () => {
			if (db !== this.store.db) return;
			this.#toMemory({ kind: 'versionchange', message: 'upgraded by another tab' }, true).catch(
				(e: unknown) => console.error('[app] could not move to memory', e)
			);
		});
	}

	#note(message: string): void {
		console.warn(`[app] ${message}`);
		this.#onEvent({ type: 'diagnostic', entry: { ts: Date.now(), kind: 'gateway', message } });
	}

	/**
	 * Queue a message; it shows at once as `sending` (and as queued while the agent is busy). With
	 * `media_refs` (from `attach`) it goes out once those uploads are done; `reply_to` is the
	 * message it answers. The `client_msg_id` is chosen here.
	 */
	async send(input: Omit<SendInput, 'client_msg_id'>): Promise<void> {
		const { chat_id } = input;
		const busy = this.activity[chat_id]?.busy ?? false;
		// Chosen here, so a send run again after a move to memory is still one message.
		const client_msg_id = crypto.randomUUID();
		await this.#command((api) => api.send({ ...input, client_msg_id }));
		// Still busy after the send: the turn it waits for has not ended meanwhile.
		if (busy && this.activity[chat_id]?.busy) this.queued.mark(chat_id, client_msg_id);
	}

	/**
	 * Retry a failed message (its uploads too); Cancel or Edit one the gateway does not have yet
	 * (`'sent'`: too late, nothing changed). Run again in memory like `send`.
	 */
	readonly retry = (id: string): Promise<void> => this.#command((api) => api.retry(id));
	readonly cancelMessage = (id: string) => this.#command((api) => api.cancelMessage(id));
	readonly editMessage = (input: EditInput) => this.#command((api) => api.editMessage(input));

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
		// The worker's connection ends here: "Connected" would be stale until the page's is ready.
		if (this.config) this.status = { state: 'connecting' };
		this.#worker?.terminate();
		this.#worker = null;
		this.#connection++;
		const { db, handle } = await this.#fallback.switchTo(this.store.db, failure, copy);
		this.store.switchTo(db);
		this.#worker = handle;
		await handle.subscribe((event) => this.#onEvent(event));
		// A plain copy: the rune proxy cannot be cloned into the store.
		if (this.config) await handle.api.configure($state.snapshot(this.config));
	}

	async #api(): Promise<AsyncApi<WorkerApi>> {
		await this.start();
		const gateways = await this.#gateways();
		await gateways.running;
		await this.#switch;
		if (!this.#worker) throw new Error('the connection worker did not start');
		return this.#worker.api;
	}

	#onEvent(event: WorkerEvent): void {
		applyEvent(this, event, (failure) =>
			this.#toMemory(failure, true).catch((e: unknown) =>
				console.error('[app] could not move to memory', e)
			)
		);
	}
}

/** The one app state of this page. */
export const app = new AppState();
