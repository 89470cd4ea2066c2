/**
 * The worker's side of the app (implements `WorkerApi`): owns the connection, applies frames to
 * the store in batches, keeps streaming text hot, sends the outbox, and reports status, activity
 * and diagnostics to every subscribed page.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { ProtocolError } from '../protocol/iris/codec';
import type { Clock } from '../platform/clock';
import type {
	AgentActivity,
	DiagnosticEntry,
	EventSink,
	GatewayConfig,
	WorkerApi,
	WorkerEvent
} from '../bridge/contract';
import type { IrisDB } from '../db/schema';
import { applyFrames, isStored, persistStreamText } from '../db/apply';
import { deleteMeta, getMeta, setMeta } from '../db/meta';
import { enqueue, requeue } from '../db/outbox';
import { ConnectionManager } from './manager';
import { OutboxSender } from './outbox-sender';
import { StreamBuffer } from './stream';
import type { SocketLike } from './link';

export interface ClientDeps {
	db: IrisDB;
	clock: Clock;
	createSocket: (url: string) => SocketLike;
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
	readonly #activity = new Map<string, AgentActivity>();
	readonly #diagnostics: DiagnosticEntry[] = [];
	#pendingFrames: ServerFrame[] = [];
	#applyChain: Promise<void> = Promise.resolve();
	#applyScheduled = false;
	#defaultChatId = FALLBACK_CHAT_ID;

	constructor(deps: ClientDeps) {
		this.#d = deps;
		this.#stream = new StreamBuffer({
			clock: deps.clock,
			emit: (updates) => this.#emit({ type: 'stream', updates }),
			persist: (texts) => {
				this.#applyChain = this.#applyChain.then(() =>
					persistStreamText(deps.db, texts).catch((e) => this.#storageFailed(e))
				);
			}
		});
		this.#outbox = new OutboxSender(deps.db, (line) => this.#diagnose('outbox', line));
		this.#manager = new ConnectionManager(
			{
				clock: deps.clock,
				createSocket: deps.createSocket,
				isOnline: deps.isOnline,
				log: deps.log
			},
			{
				onStatus: (status) => this.#emit({ type: 'status', status }),
				onReady: (link, ack) => {
					this.#enqueue(ack);
					this.#applyChain = this.#applyChain.then(async () => {
						this.#defaultChatId = (await getMeta(deps.db, 'default_chat_id')) ?? FALLBACK_CHAT_ID;
						const cursor = (await getMeta(deps.db, 'cursor')) ?? 0;
						if (!link.ready) return;
						link
							.request({ type: 'sync', payload: { cursor } })
							.answer.catch((e: Error) => this.#diagnose('sync', e.message));
						this.#outbox.attach(link);
					});
				},
				onFrame: (frame) => this.#onFrame(frame),
				onInvalid: (error) => this.#onInvalid(error),
				onDown: () => {
					this.#outbox.detach();
					for (const chat_id of [...this.#activity.keys()]) this.#setActivity(chat_id, {});
				}
			}
		);
	}

	subscribe(sink: EventSink, options?: { streamEmitMs?: number }): void {
		if (options?.streamEmitMs !== undefined) this.#stream.emitMs = options.streamEmitMs;
		this.#sinks.add(sink);
		sink({ type: 'status', status: this.#manager.status });
		for (const activity of this.#activity.values()) sink({ type: 'activity', activity });
		const streams = this.#stream.snapshot();
		if (streams.length) sink({ type: 'stream', updates: streams });
	}

	async configure(config: GatewayConfig | null): Promise<void> {
		let device_id = await getMeta(this.#d.db, 'device_id');
		if (!device_id) {
			device_id = this.#d.randomUUID();
			await setMeta(this.#d.db, 'device_id', device_id);
		}
		if (config) await setMeta(this.#d.db, 'gateway', config);
		else await deleteMeta(this.#d.db, 'gateway');
		this.#defaultChatId = (await getMeta(this.#d.db, 'default_chat_id')) ?? FALLBACK_CHAT_ID;
		this.#manager.configure(config, {
			device_id,
			device_name: this.#d.deviceName,
			caps: { min_protocol: 1, media: false, push: 'none' }
		});
	}

	async send(input: { chat_id: string; thread_id?: string; text: string }): Promise<string> {
		const client_msg_id = this.#d.randomUUID();
		await enqueue(this.#d.db, { ...input, client_msg_id, now: this.#d.clock.now() });
		this.#outbox.flush();
		return client_msg_id;
	}

	async retry(client_msg_id: string): Promise<void> {
		await requeue(this.#d.db, client_msg_id);
		this.#outbox.flush();
	}

	wake(): void {
		this.#manager.wake();
	}

	/** The last protocol events recorded (oldest first). */
	diagnostics(): DiagnosticEntry[] {
		return [...this.#diagnostics];
	}

	#onFrame(frame: ServerFrame): void {
		const chat_id = frame.chat_id ?? this.#defaultChatId;
		switch (frame.type) {
			case 'message.update': {
				const { message_id, text } = frame.payload;
				const first = this.#stream.latest(message_id) === undefined;
				// An update without a start (e.g. a coalesced replay) opens the message; a start
				// for a message already stored is a no-op.
				if (this.#stream.update(message_id, text) && first) {
					this.#enqueue({ v: 1, type: 'message.start', chat_id, payload: { message_id } });
				}
				return;
			}
			case 'message.stop': {
				const text = this.#stream.stop(frame.payload.message_id);
				const stop =
					frame.payload.final_text === undefined && text !== undefined
						? { ...frame, payload: { ...frame.payload, final_text: text } }
						: frame;
				this.#enqueue(stop);
				return;
			}
			case 'message':
				this.#outbox.enrichAck(frame);
				this.#enqueue(frame);
				return;
			case 'agent.busy':
				this.#setActivity(chat_id, { busy: true, reason: frame.payload.reason ?? 'processing' });
				return;
			case 'agent.idle':
				this.#setActivity(chat_id, { busy: false, typing: false });
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
				}
				return;
			default:
				if (isStored(frame)) this.#enqueue(frame);
		}
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
			try {
				await applyFrames(this.#d.db, batch, {
					defaultChatId: this.#defaultChatId,
					now: this.#d.clock.now(),
					streamText: (id) => this.#stream.latest(id)
				});
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

	#storageFailed(e: unknown): void {
		this.#diagnose('storage', `could not write to the local store: ${(e as Error).message}`);
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
		for (const sink of this.#sinks) sink(event);
	}
}
