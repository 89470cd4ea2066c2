/**
 * State shared by all connections of one gateway: the authenticated peers, the replay log, the
 * message store, the clock, channels, and the per-chat queue of agent turns.
 */
import type { Channel, ServerFrame } from '../src/lib/protocol/iris';
import { MonotonicClock } from './clock';
import { EventLog, type EventLogSnapshot } from './event-log';
import { MessageStore, scopeKey, type MessageStoreSnapshot, type Scope } from './store';
import type { FrameRecorder } from './recorder';
import type { PushOptions } from './push/options';
import { PushService } from './push/service';
import { MediaStore } from './media/store';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../src/lib/protocol/iris';

/** Something frames can be sent to: one authenticated WebSocket connection. */
export interface Peer {
	/** Encode and send one frame; a no-op if the socket is no longer open. */
	send(frame: ServerFrame): void;
	/** `hello.device_id` once authenticated (push goes to devices that are not connected). */
	readonly deviceId?: string;
}

/** Settings of one gateway; `demoStepMs` in ms. */
export interface HubOptions {
	token: string;
	demoStepMs: number;
	log: (line: string) => void;
	/** Called with every text frame in and out (`IRIS_RECORD_FRAMES`); absent = not recorded. */
	record?: FrameRecorder;
	/** Web Push through the gateway; off when undefined. */
	push?: PushOptions;
	/** Largest upload accepted, bytes (default 50 MiB). */
	mediaMaxBytes?: number;
}

/** What `status.state` the demo gateway reports (`status` frame). */
export type ServerState = 'online' | 'restarting' | 'degraded';

/** The one default channel the demo gateway has (frames without `chat_id` belong to it). */
export const DEFAULT_CHANNEL: Required<Channel> = {
	chat_id: 'default',
	name: 'General',
	kind: 'default',
	parent_chat_id: null,
	is_default: true
};

/**
 * What a restart keeps (gateway/state-file.ts): the replay log, the messages, the channels, the
 * read marks and the reported server state (the last two absent in files saved before channels and
 * read marks existed).
 */
export interface HubSnapshot {
	events: EventLogSnapshot;
	store: MessageStoreSnapshot;
	channels: Channel[];
	/** `chat_id` → `message_id` of the last `read.receipt`. */
	reads?: Record<string, string>;
	state?: ServerState;
}

/** Counters the test hooks report (`GET /__test/state`). */
export interface HubStats {
	/** `message.send` frames received (resends included). */
	sendsReceived: number;
	/** Of those, resends of a `client_msg_id` already accepted (answered with the original ack). */
	duplicateSends: number;
}

/** Shared gateway state; one per `startGateway`. */
export class Hub {
	readonly clock = new MonotonicClock();
	readonly events: EventLog;
	readonly store: MessageStore;
	readonly channels: Channel[];
	readonly stats: HubStats = { sendsReceived: 0, duplicateSends: 0 };
	/** Last `read.receipt` per chat: `chat_id` → `message_id` (shared by the user's devices). */
	readonly reads: Map<string, string>;
	/** Reported in the `status` sent after every `hello.ack`; `/demo status` changes it. */
	state: ServerState;
	readonly options: HubOptions;
	/** Web Push to devices that are not connected (`IRIS_PUSH=webpush`); undefined when off. */
	readonly push: PushService | undefined;
	readonly media: MediaStore;
	readonly #peers = new Set<Peer>();
	readonly #abort = new AbortController();
	readonly #turns = new Map<string, Promise<void>>();

	/**
	 * `restored`: the state a previous run saved (a restart loses nothing). `carried`: what an
	 * in-place restart keeps from the previous hub besides the snapshot (media bytes, push
	 * registrations).
	 */
	constructor(
		options: HubOptions,
		restored?: HubSnapshot,
		carried?: { media: MediaStore; push: PushService | undefined }
	) {
		this.options = options;
		this.media =
			carried?.media ?? new MediaStore(options.mediaMaxBytes ?? DEFAULT_MEDIA_LIMIT_BYTES);
		this.push = carried
			? carried.push
			: options.push &&
				new PushService(options.push, (line) => this.log(line), DEFAULT_CHANNEL.chat_id);
		this.events = restored ? EventLog.fromSnapshot(restored.events) : new EventLog();
		this.store = restored ? MessageStore.fromSnapshot(restored.store) : new MessageStore();
		this.channels = restored ? restored.channels : [{ ...DEFAULT_CHANNEL }];
		this.reads = new Map(Object.entries(restored?.reads ?? {}));
		this.state = restored?.state ?? 'online';
	}

	/** The state a restart must keep, as plain JSON. */
	snapshot(): HubSnapshot {
		return {
			events: this.events.snapshot(),
			store: this.store.snapshot(),
			channels: this.channels,
			reads: Object.fromEntries(this.reads),
			state: this.state
		};
	}

	/** Resolves once no turn is running or queued (a graceful restart waits for it). */
	async idle(): Promise<void> {
		while (this.#turns.size > 0) await Promise.all(this.#turns.values());
	}

	/** Aborted when the gateway closes: running turns stop, queued ones never start. */
	get signal(): AbortSignal {
		return this.#abort.signal;
	}

	/** Log one line, prefixed `[gateway] `. */
	log(message: string): void {
		this.options.log(`[gateway] ${message}`);
	}

	/** Start delivering broadcasts to `peer` (after its `hello.ack`). */
	addPeer(peer: Peer): void {
		this.#peers.add(peer);
	}

	removePeer(peer: Peer): void {
		this.#peers.delete(peer);
	}

	/**
	 * The channel a (possibly absent) envelope `chat_id` names, or undefined if unknown. No
	 * `chat_id` means the current default channel (`channel.set_default` can move it).
	 */
	channel(chatId: string | undefined): Channel | undefined {
		if (chatId === undefined) return this.channels.find((c) => c.is_default);
		return this.channels.find((c) => c.chat_id === chatId);
	}

	/**
	 * Send `frame` (an event: no request `id`) to every authenticated peer except `except`.
	 * With `record`, it is first appended to the replay log, so devices that are offline now get
	 * it on `sync`; ephemeral frames (`typing`) are not recorded.
	 */
	broadcast(frame: ServerFrame, opts: { record: boolean; except?: Peer }): void {
		if (opts.record) this.events.append(frame);
		for (const peer of this.#peers) {
			if (peer !== opts.except) peer.send(frame);
		}
		this.push?.onBroadcast(frame, this.#connectedDevices());
	}

	#connectedDevices(): Set<string> {
		const devices = new Set<string>();
		for (const peer of this.#peers) if (peer.deviceId !== undefined) devices.add(peer.deviceId);
		return devices;
	}

	/**
	 * Run `turn` after the turns already queued for `scope`: one agent answers one message at a
	 * time per chat, as a real agent would. Failures are logged, never thrown; a turn whose
	 * sender disconnected still runs (its frames are logged for sync).
	 */
	enqueueTurn(scope: Scope, turn: (signal: AbortSignal) => Promise<void>): void {
		const key = scopeKey(scope);
		const previous = this.#turns.get(key) ?? Promise.resolve();
		const next = previous
			.then(() => (this.signal.aborted ? undefined : turn(this.signal)))
			.catch((e: unknown) => {
				if (!this.signal.aborted) this.log(`turn failed: ${String(e)}`);
			})
			.finally(() => {
				if (this.#turns.get(key) === next) this.#turns.delete(key);
			});
		this.#turns.set(key, next);
	}

	/** Stop all turns (gateway shutdown). */
	close(): void {
		this.#abort.abort();
	}
}
