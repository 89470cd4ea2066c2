/**
 * The worker's side of the app: composes the connection's parts and implements `WorkerApi` as
 * one table, `commands` (each command bound to the part that runs it). Frames go link → manager
 * → `FrameRouter` → hot buffers or `ApplyQueue` → store; events go out through the `Reporter`
 * to every subscribed page (doc/architecture.md "Following one frame").
 */
import type { EventSink, GatewayConfig, WorkerApi } from '../bridge/contract';
import type { IrisDB } from '../db/schema';
import { cancelQueued, enqueueOnce, replaceQueued, requeue } from '../db/outbox';
import { persistStreamText } from '../db/apply';
import type { Clock } from '../platform/clock';
import { TurnActivity } from './activity';
import { ApplyQueue } from './apply-queue';
import type { Backoff } from './backoff';
import { FeatureRequests } from './features';
import { ToastFilter } from './toast-filter';
import { AnswerTiming } from './answer-timing';
import { FrameRouter } from './frame-router';
import { HotTexts } from './hot-texts';
import type { SocketLike } from './link';
import { MediaTransfers } from './media';
import { mediaRefsOf } from './media/refs';
import { OutboxSender } from './outbox-sender';
import { Reporter } from './reporter';
import { SearchIndexer } from './search-indexer';
import { Session } from './session';
import { TurnCommands } from './turn-commands';

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
	/**
	 * Defer loading the local search index until the page says it painted (`startIndexing`), a
	 * search is asked for, or this many ms passed (the worker's start-up). Loaded at once when
	 * absent (tests).
	 */
	deferSearchIndexMs?: number;
}

export class IrisClient {
	/** Every command of the contract, bound to the part of the worker that runs it. */
	readonly commands: WorkerApi;
	readonly #reporter: Reporter;
	readonly #session: Session;
	readonly #hot: HotTexts;
	readonly #activity: TurnActivity;
	readonly #outbox: OutboxSender;
	readonly #media: MediaTransfers;
	readonly #search: SearchIndexer;

	constructor(deps: ClientDeps) {
		const { db, clock } = deps;
		const reporter = (this.#reporter = new Reporter({
			clock,
			...(deps.log ? { log: deps.log } : {})
		}));
		const emit = reporter.emit.bind(reporter);
		const diagnose = reporter.diagnose.bind(reporter);
		// Not `Promise.withResolvers`: the client also runs in Node 20 (tests, bench).
		let startIndexing = () => {};
		const indexing = new Promise<void>((resolve) => (startIndexing = resolve));
		if (deps.deferSearchIndexMs === undefined) startIndexing();
		else clock.setTimeout(startIndexing, deps.deferSearchIndexMs);
		const search = (this.#search = new SearchIndexer({
			db,
			start: indexing,
			onProgress: (progress) => emit({ type: 'search_index', progress }),
			log: (line) => deps.log?.(`[search] ${line}`)
		}));
		const timing = new AnswerTiming(clock, () => !session.syncing);
		const queue: ApplyQueue = new ApplyQueue({
			db,
			clock,
			defaultChatId: () => session.defaultChatId,
			streamText: (id): string | undefined => hot.latest(id),
			answerTiming: (id) => timing.take(id),
			indexer: search,
			storageFailed: (e) => reporter.storageFailed(e)
		});
		const hot: HotTexts = (this.#hot = new HotTexts({ db, clock, queue, emit }));
		// A turn ending lets the messages sent behind it go (OutboxSender's `held`).
		const activity = (this.#activity = new TurnActivity(emit, () => this.#outbox.flush()));
		const outbox = (this.#outbox = new OutboxSender(
			db,
			(line) => diagnose('outbox', line),
			clock,
			(chat_id) => activity.busy(chat_id)
		));
		const link = () => session.link;
		const features = new FeatureRequests({ db, link, applied: () => queue.applied(), diagnose });
		const media = (this.#media = new MediaTransfers({
			db,
			clock,
			emit: (transfer) => emit({ type: 'transfer', transfer }),
			report: (line) => diagnose('media', line),
			onUploadsSettled: () => outbox.flush()
		}));
		const router = new FrameRouter({
			db,
			defaultChatId: () => session.defaultChatId,
			hasTurnState: () => session.hasTurnState,
			hot,
			queue,
			activity,
			outbox,
			media,
			reporter,
			toasts: new ToastFilter(() => session.syncing),
			timing
		});
		const session = (this.#session = new Session(
			{ ...deps, reporter },
			{
				onStatus: (status) => emit({ type: 'status', status }),
				onAck: (ack) => queue.enqueue(ack),
				afterApplied: (task) => queue.then(task),
				onLinked: (ready) => {
					outbox.attach(ready);
					features.onReady(ready);
					media.attach(ready);
				},
				onGapFilled: (chat_id) => router.closeForgotten(chat_id),
				// A replay: stored in one commit, and its turns' busy/idle announced once per
				// channel at the end, not two events per turn.
				onSyncing: (syncing) => {
					if (syncing) {
						queue.hold();
						activity.hold();
						router.syncing();
					} else {
						queue.release();
						activity.release();
						router.caughtUp();
					}
				},
				onBinary: (data) => media.onBinary(data),
				onFrame: (frame) => router.route(frame),
				onInvalid: (error) => diagnose(`frame_${error.kind}`, error.message, error.excerpt),
				onDown: () => {
					router.linkDown();
					// Store what streamed so far now, not at the next tick, so a reload while the
					// gateway is away still shows it (doc/protocol.md "An answer the gateway forgot").
					hot.flush();
					outbox.detach();
					media.detach();
					activity.clear();
					timing.reset();
				}
			}
		));
		const turn = new TurnCommands({
			db,
			link,
			send: (input) => this.commands.send(input),
			log: (line) => diagnose('turn', line)
		});
		this.commands = {
			configure: (config) => session.configure(config),
			send: async ({ client_msg_id = deps.randomUUID(), media_refs, ...message }) => {
				await reporter.stored(async () => {
					const refs = await mediaRefsOf(db, media_refs ?? []);
					await enqueueOnce(db, { ...message, media: refs, client_msg_id, now: clock.now() });
				});
				outbox.flush();
				return client_msg_id;
			},
			retry: async (client_msg_id) => {
				await media.retryUploads((await db.outbox.get(client_msg_id))?.media_refs ?? []);
				await reporter.stored(() => requeue(db, client_msg_id));
				outbox.flush();
			},
			cancelMessage: (client_msg_id) => reporter.stored(() => cancelQueued(db, client_msg_id)),
			editMessage: async ({ client_msg_id, new_client_msg_id = deps.randomUUID(), text }) => {
				const next = { client_msg_id: new_client_msg_id, text };
				const result = await reporter.stored(() => replaceQueued(db, client_msg_id, next));
				outbox.flush();
				return result;
			},
			wake: () => session.wake(),
			checkLink: () => session.checkLink(),
			// In order with the frames received (a later stop is not overwritten).
			restoreStreams: async (texts) =>
				queue.then(() => persistStreamText(db, new Map(Object.entries(texts)))),
			registerPush: (reg) => session.registerPush(reg),
			leave: () => session.leave(),
			attach: (input) => media.addUpload(input),
			cancelUpload: (media_ref) => media.cancelUpload(media_ref),
			pull: (media_id) => media.pull(media_id),
			memoryBlob: async (media_id) => media.memoryBlob(media_id),
			clearCachedMedia: () => reporter.stored(() => media.clearCache()),
			setDeviceName: (name) => session.setDeviceName(name),
			stop: (scope) => turn.stop(scope),
			steer: (input) => turn.steer(input),
			selectPicker: (input) => turn.selectPicker(input),
			createChannel: (input) => features.createChannel(input),
			renameChannel: (chat_id, name) => features.renameChannel(chat_id, name),
			setDefaultChannel: (chat_id) => features.setDefaultChannel(chat_id),
			deleteChannel: (chat_id) => features.deleteChannel(chat_id),
			loadHistory: (input) => features.loadHistory(input),
			completeCommands: (prefix) => features.completeCommands(prefix),
			search: (input) => features.search(input),
			markRead: (chat_id, message_id) => features.markRead(chat_id, message_id),
			searchLocal: (input) => {
				startIndexing();
				return search.search(input);
			},
			searchProgress: () => search.progress,
			startIndexing
		};
	}

	/** Send every later event to `sink`, after the current state (`replayTo`). */
	subscribe(sink: EventSink): void {
		this.#reporter.subscribe(sink);
		this.replayTo(sink);
	}

	/** ms between streaming-text emissions to pages (a tuning knob; `DEFAULT_EMIT_MS`). */
	set streamEmitMs(ms: number) {
		this.#hot.emitMs = ms;
	}

	/**
	 * Tell `sink` the current state: status, search index, activity, streaming texts and
	 * reasoning, recorded diagnostics, the gateway's last reported state.
	 */
	replayTo(sink: EventSink): void {
		sink({ type: 'status', status: this.#session.status });
		sink({ type: 'search_index', progress: this.#search.progress });
		this.#activity.replayTo(sink);
		this.#hot.replayTo(sink);
		this.#reporter.replayTo(sink);
	}

	/** Send what another tab queued in the shared store: the outbox and the upload queue. */
	flushOutbox(): void {
		this.#outbox.flush();
		this.#media.kickUploads();
	}

	/** The last protocol events recorded (oldest first). */
	diagnostics() {
		return this.#reporter.diagnostics();
	}
}
