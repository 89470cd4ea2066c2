/**
 * App-wide state on the page: pairing, connection status, agent activity, streaming text and
 * diagnostics, fed by the connection worker; and the actions the UI takes through it.
 */
import type {
	AgentActivity,
	AttachInput,
	TransferProgress,
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
import { Notices } from './notices.svelte';
import { QueuedSends } from './queued.svelte';
import type { PushRegistration } from '../protocol/push';

/** How many diagnostics the page keeps. */
const DIAGNOSTICS_KEPT = 200;

export class AppState {
	/** `undefined` while loading from the store; `null` when not paired. */
	config = $state<GatewayConfig | null | undefined>(undefined);
	status = $state<ConnectionStatus>({ state: 'unpaired' });
	activity = $state<Record<string, AgentActivity>>({});
	diagnostics = $state<DiagnosticEntry[]>([]);
	/** Media transfers by `media_id` (uploads by `media_ref`), latest state each. */
	transfers = $state<Record<string, TransferProgress>>({});
	readonly streams = new StreamTexts();
	/** Toasts, the gateway's status and unsolicited errors (issue 3). */
	readonly notices = new Notices();
	/** Hot streaming reasoning (extension `message.update.reasoning`). */
	readonly reasoning = new StreamTexts();
	/** Messages sent while the agent was busy, until that turn ends. */
	readonly queued = new QueuedSends();
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

	/**
	 * Queue a message; it shows at once as `sending` (and as queued while the agent is busy). With
	 * `media_refs` (from `attach`) it goes out once those uploads are done.
	 */
	async send(chat_id: string, text: string, media_refs: string[] = []): Promise<void> {
		const busy = this.activity[chat_id]?.busy ?? false;
		const client_msg_id = await (
			await this.#api()
		).send({ chat_id, text, ...(media_refs.length ? { media_refs } : {}) });
		// Still busy after the send: the turn it waits for has not ended meanwhile.
		if (busy && this.activity[chat_id]?.busy) this.queued.mark(chat_id, client_msg_id);
	}

	/** Stop the agent's turn in `chat_id` (`agent.stop`). Rejects when not connected. */
	async stop(chat_id: string): Promise<void> {
		await (await this.#api()).stop({ chat_id });
	}

	/** Steer the running turn; `'sent'` if it went out as a normal message instead. */
	async steer(chat_id: string, text: string): Promise<'steered' | 'sent'> {
		return (await this.#api()).steer({ chat_id, text });
	}

	/** Answer a picker once (`picker.select`). */
	async selectPicker(picker_id: string, value: string, label: string): Promise<void> {
		await (await this.#api()).selectPicker({ picker_id, value, label });
	}

	/** Store a file and start its upload (progress in `transfers[media_ref]`). */
	async attach(input: AttachInput): Promise<void> {
		await (await this.#api()).attach(input);
	}

	async cancelUpload(media_ref: string): Promise<void> {
		await (await this.#api()).cancelUpload(media_ref);
	}

	/** Fetch media on demand (large video, documents). */
	async pull(media_id: string): Promise<void> {
		await (await this.#api()).pull(media_id);
	}

	/** Bytes the worker holds in memory because the store was full. */
	async memoryBlob(media_id: string): Promise<Blob | undefined> {
		return (await this.#api()).memoryBlob(media_id);
	}

	async retry(client_msg_id: string): Promise<void> {
		await (await this.#api()).retry(client_msg_id);
	}

	/** The worker's API, once started (channel, history, search, commands, read receipts). */
	async worker() {
		return this.#api();
	}

	/** Store how this device gets push and tell the gateway (issue 6). */
	async registerPush(reg: PushRegistration | null): Promise<void> {
		await (await this.#api()).registerPush(reg);
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
			case 'reasoning':
				this.reasoning.push(event.updates);
				return;
			case 'activity':
				this.activity[event.activity.chat_id] = event.activity;
				if (!event.activity.busy) this.queued.turnEnded(event.activity.chat_id);
				return;
			case 'transfer':
				this.transfers[event.transfer.media_id] = event.transfer;
				return;
			case 'diagnostic':
				this.diagnostics = [...this.diagnostics.slice(1 - DIAGNOSTICS_KEPT), event.entry];
				return;
			default:
				this.notices.onEvent(event);
		}
	}
}

/** The one app state of this page. */
export const app = new AppState();
