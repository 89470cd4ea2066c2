/**
 * The worker's side of the app (implements `WorkerApi`): owns the connection, applies frames to
 * the store in batches, keeps streaming text hot, sends the outbox, and reports status, activity
 * and diagnostics to every subscribed page.
 */
import type { MediaRef, ServerFrame } from '../protocol/iris/frames';
import { featureEvent, serverErrorEvent } from './feature-events';
import type { ProtocolError } from '../protocol/iris/codec';
import type { Clock } from '../platform/clock';
import type {
	AgentActivity,
	AttachInput,
	DiagnosticEntry,
	EventSink,
	GatewayConfig,
	SendInput,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { IrisDB } from '../db/schema';
import { classifyStorageError } from '../db/failure';
import { applyFrames, isStored, noChanges, persistStreamText } from '../db/apply';
import type { IndexProgress, LocalSearchInput, LocalSearchResult } from '../bridge/search';
import { SearchIndexer } from './search-indexer';
import { deleteMeta, getMeta, setMeta } from '../db/meta';
import { enqueueOnce, requeue } from '../db/outbox';
import { pushFields, type PushRegistration } from '../protocol/push';
import { mediaRefsOf, offerAsMessage } from './media/refs';
import { ConnectionManager } from './manager';
import { OutboxSender } from './outbox-sender';
import { StreamBuffer } from './stream';
import { FeatureRequests } from './features';
import type { CommandMatch, FeatureApi, SearchHit } from '../bridge/features';
import { TurnCommands } from './turn-commands';
import { persistReasoning } from '../db/reasoning';
import { MediaTransfers } from './media';
import type { SocketLike } from './link';
import type { Backoff } from './backoff';
import { requestNewestPages } from './gap-fill';
import { closeInterrupted } from '../db/interrupted';
import { dialectOf } from '../bridge/dialect';
import { wellFormedFrame } from './well-formed';

export interface ClientDeps {
	db: IrisDB;
	clock: Clock;
	/** Opens the socket for `config`: a `WebSocket`, or the v3 adapter (`connection/dialect.ts`). */
	createSocket: (url: string, config: GatewayConfig) => SocketLike;
	/** The reconnect delays for a gateway (v3 has its own); the Iris ones when absent. */
	backoffFor?: (config: GatewayConfig) => Backoff;
	isOnline: () => boolean;
	randomUUID: () => string;
	deviceName: string;
	log?: (line: string) => void;
}

/** Diagnostics kept in memory (PROTOCOL-NOTES: malformed frames are recorded and skipped). */
const DIAGNOSTICS_KEPT = 200;
/** Used until `hello.ack` names the default channel. */
const FALLBACK_CHAT_ID = 'default';

export class IrisClient implements WorkerApi {
	readonly #d: ClientDeps;
	readonly #sinks = new Set<EventSink>();
	readonly #manager: ConnectionManager;
	readonly #stream: StreamBuffer;
	readonly #outbox: OutboxSender;
	readonly #features: FeatureRequests;
	/** Streamed reasoning (extension `message.update.reasoning`), kept hot like the text. */
	readonly #reasoning: StreamBuffer;
	readonly #commands: TurnCommands;
	readonly #media: MediaTransfers;
	readonly #search: SearchIndexer;
	readonly #activity = new Map<string, AgentActivity>();
	readonly #diagnostics: DiagnosticEntry[] = [];
	/** The gateway's last `status` (replayed: a tab opened later shows the same state). */
	#serverStatus: WorkerEvent | undefined;
	#pendingFrames: ServerFrame[] = [];
	#applyChain: Promise<void> = Promise.resolve();
	#applyScheduled = false;
	#defaultChatId = FALLBACK_CHAT_ID;
	#storageReported = false;
	#config: GatewayConfig | null = null;

	constructor(deps: ClientDeps) {
		this.#d = deps;
		this.#stream = this.#hotBuffer('stream', persistStreamText);
		this.#reasoning = this.#hotBuffer('reasoning', persistReasoning);
		this.#commands = new TurnCommands({
			db: deps.db,
			link: () => this.#manager.link,
			send: (input) => this.send(input),
			log: (line) => this.#diagnose('turn', line)
		});
		this.#outbox = new OutboxSender(deps.db, (line) => this.#diagnose('outbox', line));
		this.#search = new SearchIndexer({
			db: deps.db,
			onProgress: (progress) => this.#emit({ type: 'search_index', progress }),
			log: (line) => deps.log?.(`[search] ${line}`)
		});
		this.#features = new FeatureRequests({
			db: deps.db,
			link: () => this.#manager.link,
			applied: () => this.#applyChain,
			diagnose: (kind, message) => this.#diagnose(kind, message)
		});
		this.#media = new MediaTransfers({
			db: deps.db,
			clock: deps.clock,
			emit: (transfer) => this.#emit({ type: 'transfer', transfer }),
			report: (line) => this.#diagnose('media', line),
			onUploadsSettled: () => this.#outbox.flush()
		});
		this.#manager = new ConnectionManager(
			{
				clock: deps.clock,
				createSocket: deps.createSocket,
				...(deps.backoffFor ? { backoffFor: deps.backoffFor } : {}),
				isOnline: deps.isOnline,
				log: deps.log
			},
			{
				onStatus: (status) => this.#emit({ type: 'status', status }),
				onReady: (link, ack) => {
					this.#enqueue(ack);
					this.#applyChain = this.#applyChain.then(async () => {
						if (ack.payload.server_caps) {
							await setMeta(deps.db, 'server_caps', ack.payload.server_caps);
						}
						this.#defaultChatId = (await getMeta(deps.db, 'default_chat_id')) ?? FALLBACK_CHAT_ID;
						const cursor = (await getMeta(deps.db, 'cursor')) ?? 0;
						if (!link.ready) return;
						link.request({ type: 'sync', payload: { cursor } }).answer.then(
							() =>
								requestNewestPages(
									deps.db,
									link,
									(line) => this.#diagnose('sync', line),
									(chat_id) => this.#closeForgotten(chat_id)
								),
							(e: Error) => this.#diagnose('sync', e.message)
						);
						this.#outbox.attach(link);
						this.#features.onReady(link);
						this.#media.attach(link);
					});
				},
				onBinary: (data) => this.#media.onBinary(data),
				onFrame: (frame) => this.#onFrame(frame),
				onInvalid: (error) => this.#onInvalid(error),
				onDown: () => {
					// Store what streamed so far now, not at the next tick, so a reload while the
					// gateway is away still shows it (PROTOCOL-NOTES "Streaming").
					this.#stream.flush();
					this.#reasoning.flush();
					this.#outbox.detach();
					this.#media.detach();
					// Unknown until the gateway says again (`agent.busy` after `sync.done`): no
					// "thinking", Stop or "queued behind the turn" for a link that is down, and a
					// turn the gateway lost meanwhile does not keep its answers open.
					for (const chat_id of [...this.#activity.keys()]) {
						this.#setActivity(chat_id, { busy: false, typing: false });
					}
				}
			}
		);
	}

	subscribe(sink: EventSink, options?: { streamEmitMs?: number }): void {
		if (options?.streamEmitMs !== undefined) this.streamEmitMs = options.streamEmitMs;
		this.#sinks.add(sink);
		this.replayTo(sink);
	}

	/** ms between streaming-text emissions to pages (bench baselines ask for 0 or 16). */
	set streamEmitMs(ms: number) {
		this.#stream.emitMs = ms;
	}

	/**
	 * Tell `sink` the current state: status, activity, streaming texts and reasoning, recorded
	 * diagnostics, the gateway's last reported state.
	 */
	replayTo(sink: EventSink): void {
		sink({ type: 'status', status: this.#manager.status });
		sink({ type: 'search_index', progress: this.#search.progress });
		for (const activity of this.#activity.values()) sink({ type: 'activity', activity });
		const streams = this.#stream.snapshot();
		if (streams.length) sink({ type: 'stream', updates: streams });
		const reasoning = this.#reasoning.snapshot();
		if (reasoning.length) sink({ type: 'reasoning', updates: reasoning });
		for (const entry of this.#diagnostics) sink({ type: 'diagnostic', entry });
		if (this.#serverStatus) sink(this.#serverStatus);
	}

	/**
	 * Send what waits in the outbox and the upload queue (another tab queued a message or a file
	 * in the shared store).
	 */
	flushOutbox(): void {
		this.#outbox.flush();
		this.#media.kickUploads();
	}

	async configure(config: GatewayConfig | null): Promise<void> {
		await this.#stored(() => this.#storeConfig(config));
	}

	async #storeConfig(config: GatewayConfig | null): Promise<void> {
		let device_id = await getMeta(this.#d.db, 'device_id');
		if (!device_id) {
			device_id = this.#d.randomUUID();
			await setMeta(this.#d.db, 'device_id', device_id);
		}
		if (config) await setMeta(this.#d.db, 'gateway', config);
		else await deleteMeta(this.#d.db, 'gateway');
		this.#defaultChatId = (await getMeta(this.#d.db, 'default_chat_id')) ?? FALLBACK_CHAT_ID;
		this.#config = config;
		await this.#configureHello(device_id);
	}

	async registerPush(reg: PushRegistration | null): Promise<void> {
		if (reg) await setMeta(this.#d.db, 'push', reg);
		else await deleteMeta(this.#d.db, 'push');
		const device_id = await getMeta(this.#d.db, 'device_id');
		if (device_id) await this.#configureHello(device_id);
		this.#manager.link
			?.request({ type: 'fcm.register', payload: pushFields(reg ?? undefined) })
			.answer.catch((e: Error) => this.#diagnose('push', e.message));
	}

	/** Hand the manager the current `hello` fields (it reconnects only if the gateway changed). */
	async #configureHello(device_id: string): Promise<void> {
		const push = await getMeta(this.#d.db, 'push');
		this.#manager.configure(this.#config, {
			device_id,
			device_name: this.#d.deviceName,
			caps: { min_protocol: 1, media: true, push: push?.via ?? 'none' },
			...pushFields(push)
		});
	}

	async send(input: SendInput): Promise<string> {
		const { client_msg_id = this.#d.randomUUID(), media_refs, ...message } = input;
		await this.#stored(async () => {
			const media = await mediaRefsOf(this.#d.db, media_refs ?? []);
			await enqueueOnce(this.#d.db, { ...message, media, client_msg_id, now: this.#d.clock.now() });
		});
		this.#outbox.flush();
		return client_msg_id;
	}

	async retry(client_msg_id: string): Promise<void> {
		const refs = (await this.#d.db.outbox.get(client_msg_id))?.media_refs ?? [];
		await this.#media.retryUploads(refs);
		await this.#stored(() => requeue(this.#d.db, client_msg_id));
		this.#outbox.flush();
	}

	attach(input: AttachInput): Promise<void> {
		return this.#media.addUpload(input);
	}

	cancelUpload(media_ref: string): Promise<void> {
		return this.#media.cancelUpload(media_ref);
	}

	pull(media_id: string): Promise<void> {
		return this.#media.pull(media_id);
	}

	memoryBlob(media_id: string): Promise<Blob | undefined> {
		return Promise.resolve(this.#media.memoryBlob(media_id));
	}

	wake(): void {
		this.#manager.wake();
	}

	// FeatureApi (bridge/features.ts): delegated, so Comlink exposes them on this object.
	createChannel(input: Parameters<FeatureApi['createChannel']>[0]): Promise<string> {
		return this.#features.createChannel(input);
	}
	renameChannel(chat_id: string, name: string): Promise<void> {
		return this.#features.renameChannel(chat_id, name);
	}
	setDefaultChannel(chat_id: string): Promise<void> {
		return this.#features.setDefaultChannel(chat_id);
	}
	deleteChannel(chat_id: string): Promise<void> {
		return this.#features.deleteChannel(chat_id);
	}
	loadHistory(
		input: Parameters<FeatureApi['loadHistory']>[0]
	): ReturnType<FeatureApi['loadHistory']> {
		return this.#features.loadHistory(input);
	}
	completeCommands(prefix: string): Promise<CommandMatch[]> {
		return this.#features.completeCommands(prefix);
	}
	search(input: Parameters<FeatureApi['search']>[0]): Promise<SearchHit[]> {
		return this.#features.search(input);
	}
	markRead(chat_id: string, message_id: string): Promise<void> {
		return this.#features.markRead(chat_id, message_id);
	}

	// LocalSearchApi (bridge/search.ts).
	searchLocal(input: LocalSearchInput): Promise<LocalSearchResult> {
		return this.#search.search(input);
	}
	searchProgress(): IndexProgress {
		return this.#search.progress;
	}

	stop(scope: { chat_id: string; thread_id?: string }): Promise<void> {
		return this.#commands.stop(scope);
	}

	steer(input: { chat_id: string; thread_id?: string; text: string }): Promise<'steered' | 'sent'> {
		return this.#commands.steer(input);
	}

	selectPicker(input: { picker_id: string; value: string; label: string }): Promise<void> {
		return this.#commands.selectPicker(input);
	}

	/** The last protocol events recorded (oldest first). */
	diagnostics(): DiagnosticEntry[] {
		return [...this.#diagnostics];
	}

	#onFrame(input: ServerFrame): void {
		const frame = wellFormedFrame(input);
		const chat_id = frame.chat_id ?? this.#defaultChatId;
		switch (frame.type) {
			case 'message.update': {
				const { message_id, text, reasoning } = frame.payload;
				const first = this.#stream.latest(message_id) === undefined;
				if (typeof reasoning === 'string') this.#reasoning.update(message_id, reasoning);
				// An update without a start (e.g. a coalesced replay) opens the message; a start
				// for a message already stored is a no-op.
				if (this.#stream.update(message_id, text) && first) {
					this.#enqueue({ v: 1, type: 'message.start', chat_id, payload: { message_id } });
				}
				return;
			}
			case 'message.stop': {
				const text = this.#stream.stop(frame.payload.message_id);
				const reasoning = this.#reasoning.stop(frame.payload.message_id);
				const payload = { ...frame.payload };
				if (payload.final_text === undefined && text !== undefined) payload.final_text = text;
				if (payload.reasoning === undefined && reasoning !== undefined) {
					payload.reasoning = reasoning;
				}
				this.#enqueue({ ...frame, payload });
				return;
			}
			case 'message':
				this.#outbox.enrichAck(frame);
				this.#enqueue(frame);
				this.#announceMedia(frame.payload.media ?? []);
				return;
			case 'history':
				this.#enqueue(frame);
				this.#announceMedia(frame.payload.messages.flatMap((m) => m.media ?? []));
				return;
			case 'media.offer':
				// With an id it answers our `media.upload.end`; without, the agent offers media.
				if (frame.id !== undefined) return;
				this.#enqueue(offerAsMessage(frame));
				this.#announceMedia([frame.payload]);
				return;
			case 'agent.busy':
				this.#setActivity(chat_id, { busy: true, reason: frame.payload.reason ?? 'processing' });
				return;
			case 'agent.idle':
				this.#setActivity(chat_id, { busy: false, typing: false });
				// The turn is over: an answer still open in the channel (one a restarted gateway
				// forgot, when the reader sent again at once) will never be stopped.
				this.#closeForgotten(chat_id);
				return;
			case 'typing':
				this.#setActivity(chat_id, { typing: frame.payload.on });
				return;
			case 'error':
				if (frame.id === undefined) {
					this.#diagnose(
						'server_error',
						`${frame.payload.code ?? 'error'}: ${frame.payload.message ?? ''}`
					);
					this.#emit(serverErrorEvent(frame));
				}
				return;
			case 'notification':
			case 'status':
				this.#emit(featureEvent(frame, chat_id));
				return;
			default:
				if (isStored(frame)) this.#enqueue(frame);
		}
	}

	/** After the frames that carry it are stored, remember media and fetch what is eager. */
	#announceMedia(refs: MediaRef[]): void {
		if (refs.length === 0) return;
		this.#applyChain = this.#applyChain.then(() =>
			this.#media.announce(refs).catch((e: Error) => this.#diagnose('media', e.message))
		);
	}

	/**
	 * After a reconnect's sync and the channel's gap-fill page, and on each `agent.idle`: an Iris
	 * gateway has said by now which turns it runs (`agent.busy` follows `sync.done`), so an answer
	 * still open in a channel it calls idle will never get its `message.stop`: close it as
	 * interrupted (db/interrupted.ts; a late `message.stop` still completes it normally). Not for
	 * v3, which has no turn state to go by.
	 */
	#closeForgotten(chat_id: string): void {
		if (!this.#config || dialectOf(this.#config) === 'v3') return;
		this.#applyChain = this.#applyChain.then(async () => {
			if (this.#activity.get(chat_id)?.busy) return;
			try {
				const closed = await closeInterrupted(this.#d.db, chat_id, (message_id) => ({
					text: this.#stream.stop(message_id),
					reasoning: this.#reasoning.stop(message_id)
				}));
				for (const row of closed) this.#diagnose('turn', `answer ${row.message_id} was cut off`);
			} catch (e) {
				this.#storageFailed(e);
			}
		});
	}

	/** A stream buffer that emits `type` events to pages and writes through `persist`. */
	#hotBuffer(
		type: 'stream' | 'reasoning',
		persist: (db: IrisDB, texts: ReadonlyMap<string, string>) => Promise<void>
	): StreamBuffer {
		return new StreamBuffer({
			clock: this.#d.clock,
			emit: (updates) => this.#emit({ type, updates }),
			persist: (texts) => {
				this.#applyChain = this.#applyChain.then(() =>
					persist(this.#d.db, texts).catch((e) => this.#storageFailed(e))
				);
			}
		});
	}

	#onInvalid(error: ProtocolError): void {
		this.#diagnose(`frame_${error.kind}`, error.message, error.excerpt);
	}

	#enqueue(frame: ServerFrame): void {
		this.#pendingFrames.push(frame);
		if (this.#applyScheduled) return;
		this.#applyScheduled = true;
		this.#applyChain = this.#applyChain.then(async () => {
			this.#applyScheduled = false;
			const batch = this.#pendingFrames;
			this.#pendingFrames = [];
			const changes = noChanges();
			try {
				await applyFrames(this.#d.db, batch, {
					defaultChatId: this.#defaultChatId,
					now: this.#d.clock.now(),
					streamText: (id) => this.#stream.latest(id),
					changes
				});
				// Indexed after the commit, on its own chain: storing never waits for the index.
				void this.#search.apply(changes);
			} catch (e) {
				this.#storageFailed(e);
			}
		});
	}

	#setActivity(chat_id: string, change: Partial<AgentActivity>): void {
		const prev = this.#activity.get(chat_id) ?? { chat_id, busy: false, typing: false };
		const next: AgentActivity = { ...prev, ...change, chat_id };
		if (!next.busy) delete next.reason;
		this.#activity.set(chat_id, next);
		this.#emit({ type: 'activity', activity: next });
	}

	/** Run a store write; a failure is reported as a storage failure, then rethrown. */
	async #stored<T>(write: () => Promise<T>): Promise<T> {
		try {
			return await write();
		} catch (e) {
			this.#storageFailed(e);
			throw e;
		}
	}

	#storageFailed(e: unknown): void {
		const failure = classifyStorageError(e);
		this.#diagnose(
			'storage',
			`could not write to the local store (${failure.kind}): ${failure.message}`
		);
		// Reported once: the page moves the app to memory; repeating it would only be noise.
		if (this.#storageReported) return;
		this.#storageReported = true;
		this.#emit({ type: 'storage', failure });
	}

	#diagnose(kind: string, message: string, excerpt?: string): void {
		const entry: DiagnosticEntry = { ts: this.#d.clock.now(), kind, message };
		if (excerpt !== undefined) entry.excerpt = excerpt;
		this.#diagnostics.push(entry);
		if (this.#diagnostics.length > DIAGNOSTICS_KEPT) this.#diagnostics.shift();
		this.#d.log?.(`[connection] ${kind}: ${message}`);
		this.#emit({ type: 'diagnostic', entry });
	}

	#emit(event: WorkerEvent): void {
		if (event.type === 'server_status') this.#serverStatus = event;
		for (const sink of this.#sinks) sink(event);
	}
}
