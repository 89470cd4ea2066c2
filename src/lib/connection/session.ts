/**
 * The pairing as the worker keeps it: which gateway (stored in `meta.gateway`), this device's
 * `hello` fields (`device_id`, push), and the connection manager that keeps a link open to it.
 * After each handshake it syncs from the stored cursor, then fills gaps with each channel's newest
 * `history` page (doc/protocol.md "Reconnect and sync").
 */
import type { GatewayConfig } from '../bridge/contract';
import type { ServerFrameOf } from '../protocol/iris/frames';
import { dialectOf } from '../protocol/dialect';
import { pushFields, type PushRegistration } from '../protocol/push';
import type { IrisDB } from '../db/schema';
import { deleteMeta, getMeta, setMeta } from '../db/meta';
import type { Backoff } from './backoff';
import { requestNewestPages } from './gap-fill';
import type { Link, SocketLike } from './link';
import { ConnectionManager, type ManagerDeps, type ManagerHandlers } from './manager';
import type { Reporter } from './reporter';

/** Used until `hello.ack` names the default channel. */
export const FALLBACK_CHAT_ID = 'default';

/** How long `leave` waits for the gateway to answer the push unregistration, ms. */
export const LEAVE_TIMEOUT_MS = 3000;

export interface SessionDeps extends Omit<ManagerDeps, 'createSocket' | 'backoffFor'> {
	db: IrisDB;
	/** Opens the socket for `config`: a `WebSocket`, or the v3 adapter (`connection/dialect.ts`). */
	createSocket: (url: string, config: GatewayConfig) => SocketLike;
	/** The reconnect delays for a gateway (v3 has its own); the Iris ones when absent. */
	backoffFor?: (config: GatewayConfig) => Backoff;
	randomUUID: () => string;
	/** The default `hello.device_name` (`meta.device_name`, when set, replaces it). */
	deviceName: string;
	reporter: Reporter;
}

/** What the session asks of the rest of the worker. */
export interface SessionHandlers extends Omit<ManagerHandlers, 'onReady'> {
	/** The handshake is done: store the ack. Runs first. */
	onAck(ack: ServerFrameOf<'hello.ack'>): void;
	/** Run `task` on the store chain, after the frames received so far. */
	afterApplied(task: () => Promise<void>): void;
	/** The link is ready and `sync` went out: start sending (outbox, uploads, receipts). */
	onLinked(link: Link): void;
	/** A channel's gap-fill page was answered. */
	onGapFilled(chat_id: string): void;
	/** A `sync` catch-up started (true) or ended, answered or not (false). */
	onSyncing?(syncing: boolean): void;
}

export class Session {
	readonly #d: SessionDeps;
	readonly #manager: ConnectionManager;
	#config: GatewayConfig | null = null;
	#defaultChatId = FALLBACK_CHAT_ID;
	/**
	 * A `sync` catch-up is under way: the frames arriving now are replayed (from before a reload
	 * or while offline), until its `sync.done`.
	 */
	syncing = false;
	/** Waiting for the next ready link (`#nextReady`). */
	readonly #readyWaiters = new Set<(link: Link | null) => void>();

	constructor(deps: SessionDeps, handlers: SessionHandlers) {
		this.#d = deps;
		const { db, reporter } = deps;
		this.#manager = new ConnectionManager(
			{
				clock: deps.clock,
				createSocket: deps.createSocket,
				...(deps.backoffFor ? { backoffFor: deps.backoffFor } : {}),
				isOnline: deps.isOnline,
				...(deps.log ? { log: deps.log } : {})
			},
			{
				...handlers,
				onReady: (link, ack) => {
					handlers.onAck(ack);
					for (const waiter of [...this.#readyWaiters]) waiter(link);
					handlers.afterApplied(async () => {
						if (ack.payload.server_caps) await setMeta(db, 'server_caps', ack.payload.server_caps);
						await this.#readDefaultChat();
						const cursor = (await getMeta(db, 'cursor')) ?? 0;
						if (!link.ready) return;
						this.syncing = true;
						handlers.onSyncing?.(true);
						const answer = link.request({ type: 'sync', payload: { cursor } }).answer;
						void answer
							.finally(() => {
								this.syncing = false;
								handlers.onSyncing?.(false);
							})
							.catch(() => undefined);
						// Once the replay is stored: the channels it created get their page too.
						answer.then(
							() =>
								handlers.afterApplied(() =>
									requestNewestPages(
										db,
										link,
										(line) => reporter.diagnose('sync', line),
										(chat_id) => handlers.onGapFilled(chat_id)
									)
								),
							(e: Error) => reporter.diagnose('sync', e.message)
						);
						handlers.onLinked(link);
					});
				}
			}
		);
	}

	/** The ready link, or null. */
	get link(): Link | null {
		return this.#manager.link;
	}

	get status() {
		return this.#manager.status;
	}

	/** The channel of frames without `chat_id`. */
	get defaultChatId(): string {
		return this.#defaultChatId;
	}

	/** Whether the paired gateway reports its turns (Iris does; v3 has no turn state). */
	get hasTurnState(): boolean {
		return this.#config !== null && dialectOf(this.#config) !== 'v3';
	}

	/** Store the gateway (or forget it) and connect to it; rejects when the store fails. */
	async configure(config: GatewayConfig | null): Promise<void> {
		const { db, reporter } = this.#d;
		await reporter.stored(async () => {
			let device_id = await getMeta(db, 'device_id');
			if (!device_id) {
				device_id = this.#d.randomUUID();
				await setMeta(db, 'device_id', device_id);
			}
			if (config) await setMeta(db, 'gateway', config);
			else await deleteMeta(db, 'gateway');
			await this.#readDefaultChat();
			this.#config = config;
			await this.#configureHello(device_id);
		});
	}

	/** Store how this device gets push and tell the gateway (`fcm.register`, and every `hello`). */
	async registerPush(reg: PushRegistration | null): Promise<void> {
		const { db } = this.#d;
		if (reg) await setMeta(db, 'push', reg);
		else await deleteMeta(db, 'push');
		const device_id = await getMeta(db, 'device_id');
		if (device_id) await this.#configureHello(device_id);
		this.#manager.link
			?.request({ type: 'fcm.register', payload: pushFields(reg ?? undefined) })
			.answer.catch((e: Error) => this.#d.reporter.diagnose('push', e.message));
	}

	/**
	 * Leave the gateway for another one: unregister push from it (awaited while connected, at most
	 * `LEAVE_TIMEOUT_MS`), then close the link. Unlike `configure(null)` the pairing stays stored:
	 * this store is the gateway's, and a switch back connects again from it.
	 */
	async leave(): Promise<void> {
		const { db, reporter } = this.#d;
		await reporter.stored(async () => {
			if (!(await getMeta(db, 'push'))) return;
			await deleteMeta(db, 'push');
			// Still connecting (the page has just loaded): wait for the handshake, so it is told.
			const link =
				this.#manager.link ?? (this.#config ? await this.#nextReady(LEAVE_TIMEOUT_MS) : null);
			if (!link?.ready) return;
			await link
				.request({ type: 'fcm.register', payload: {} }, { timeoutMs: LEAVE_TIMEOUT_MS })
				.answer.catch((e: Error) => reporter.diagnose('push', e.message));
		});
		this.#config = null;
		const device_id = await getMeta(db, 'device_id');
		if (device_id) await this.#configureHello(device_id);
	}

	/**
	 * Rename this device (`''`: back to the default): stored, and sent in every later `hello`.
	 * The open link keeps its name; the protocol has no frame to rename a device mid-link.
	 */
	async setDeviceName(name: string): Promise<void> {
		const { db } = this.#d;
		await this.#d.reporter.stored(async () => {
			if (name) await setMeta(db, 'device_name', name);
			else await deleteMeta(db, 'device_name');
		});
		const device_id = await getMeta(db, 'device_id');
		if (device_id) await this.#configureHello(device_id);
	}

	/** Retry a pending reconnect now, or check the open link (ConnectionManager `wake`). */
	wake(): void {
		this.#manager.wake();
	}

	/** Check the open link, without retrying anything (ConnectionManager `checkLink`). */
	checkLink(): void {
		this.#manager.checkLink();
	}

	/** The next link to become ready within `ms`, else null. */
	#nextReady(ms: number): Promise<Link | null> {
		const { clock } = this.#d;
		return new Promise((resolve) => {
			const done = (link: Link | null) => {
				clock.clearTimeout(timer);
				this.#readyWaiters.delete(done);
				resolve(link);
			};
			const timer = clock.setTimeout(() => done(null), ms);
			this.#readyWaiters.add(done);
		});
	}

	async #readDefaultChat(): Promise<void> {
		this.#defaultChatId = (await getMeta(this.#d.db, 'default_chat_id')) ?? FALLBACK_CHAT_ID;
	}

	/** Hand the manager the current `hello` fields (it reconnects only if the gateway changed). */
	async #configureHello(device_id: string): Promise<void> {
		const push = await getMeta(this.#d.db, 'push');
		const name = await getMeta(this.#d.db, 'device_name');
		this.#manager.configure(this.#config, {
			device_id,
			device_name: name || this.#d.deviceName,
			caps: { min_protocol: 1, media: true, push: push?.via ?? 'none' },
			...pushFields(push)
		});
	}
}
