/**
 * App-wide state on the page: pairing, connection status, agent activity, streaming text and
 * diagnostics, fed by the connection worker; and the actions the UI takes through it.
 */
import type {
	AgentActivity,
	ConnectionStatus,
	DiagnosticEntry,
	GatewayConfig,
	WorkerEvent
} from '../bridge/contract';
import { startWorker, type WorkerHandle } from '../bridge/client';
import { IrisDB } from '../db/schema';
import { getMeta } from '../db/meta';
import { renderBaseline } from '../platform/bench';
import { StreamTexts } from './streams.svelte';

/** How many diagnostics the page keeps. */
const DIAGNOSTICS_KEPT = 200;

export class AppState {
	/** `undefined` while loading from the store; `null` when not paired. */
	config = $state<GatewayConfig | null | undefined>(undefined);
	status = $state<ConnectionStatus>({ state: 'unpaired' });
	activity = $state<Record<string, AgentActivity>>({});
	diagnostics = $state<DiagnosticEntry[]>([]);
	readonly streams = new StreamTexts();
	readonly db: IrisDB;
	#worker: WorkerHandle | null = null;
	#started: Promise<void> | null = null;

	constructor(db = new IrisDB()) {
		this.db = db;
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
		this.#worker = startWorker();
		// Bench baselines render every update (B0) or every frame (B1), as peers do.
		const baseline = renderBaseline();
		const options = baseline ? { streamEmitMs: baseline === 'b0' ? 0 : 16 } : undefined;
		await this.#worker.subscribe((event) => this.#onEvent(event), options);
		const stored = (await getMeta(this.db, 'gateway')) ?? null;
		// A pairing that started meanwhile (the `/pair` route) wins over what was stored.
		if (this.config === undefined) {
			this.config = stored;
			if (stored) await this.#worker.api.configure(stored);
		}
		const wake = () => void this.#worker?.api.wake();
		addEventListener('online', wake);
		document.addEventListener('visibilitychange', () => {
			if (document.visibilityState === 'visible') wake();
		});
	}

	/** Pair with a gateway (PROTOCOL-NOTES: the URL is used as given). */
	async pair(config: GatewayConfig): Promise<void> {
		this.config = config;
		await (await this.#api()).configure(config);
	}

	/** Forget the gateway and disconnect; the pairing form shows again. */
	async unpair(): Promise<void> {
		this.config = null;
		await (await this.#api()).configure(null);
	}

	/** Queue a message; it shows at once as `sending`. */
	async send(chat_id: string, text: string): Promise<void> {
		await (await this.#api()).send({ chat_id, text });
	}

	async retry(client_msg_id: string): Promise<void> {
		await (await this.#api()).retry(client_msg_id);
	}

	async #api() {
		await this.start();
		if (!this.#worker) throw new Error('the connection worker did not start');
		return this.#worker.api;
	}

	#onEvent(event: WorkerEvent): void {
		switch (event.type) {
			case 'status':
				this.status = event.status;
				return;
			case 'stream':
				this.streams.push(event.updates);
				return;
			case 'activity':
				this.activity[event.activity.chat_id] = event.activity;
				return;
			case 'diagnostic':
				this.diagnostics = [...this.diagnostics.slice(1 - DIAGNOSTICS_KEPT), event.entry];
				return;
		}
	}
}

/** The one app state of this page. */
export const app = new AppState();
