/**
 * State shared by all connections of one gateway: the authenticated peers, the replay log, the
 * message store, the clock, channels, and the per-chat queue of agent turns.
 */
import type { Channel, ServerFrame } from '../src/lib/protocol/iris';
import { MonotonicClock } from './clock';
import { EventLog, type EventLogSnapshot } from './event-log';
import { MessageStore, scopeKey, type MessageStoreSnapshot, type Scope } from './store';
import { MediaStore } from './media/store';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../src/lib/protocol/iris';

/** Something frames can be sent to: one authenticated WebSocket connection. */
export interface Peer {
	/** Encode and send one frame; a no-op if the socket is no longer open. */
	send(frame: ServerFrame): void;
}

/** Settings of one gateway; `demoStepMs` in ms. */
export interface HubOptions {
	token: string;
	demoStepMs: number;
	log: (line: string) => void;
	/** Largest upload accepted, bytes (default 50 MiB). */
	mediaMaxBytes?: number;
}

/** The one default channel the demo gateway has (frames without `chat_id` belong to it). */
export const DEFAULT_CHANNEL: Required<Channel> = {
	chat_id: 'default',
	name: 'General',
	kind: 'default',
	parent_chat_id: null,
	is_default: true
};

/** What a restart keeps (gateway/state-file.ts): the replay log, the messages, the channels. */
export interface HubSnapshot {
	events: EventLogSnapshot;
	store: MessageStoreSnapshot;
	channels: Channel[];
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
	readonly options: HubOptions;
	readonly media: MediaStore;
	readonly #peers = new Set<Peer>();
	readonly #abort = new AbortController();
	readonly #turns = new Map<string, Promise<void>>();

	/**
	 * `restored`: the state a previous run saved (a restart loses nothing). `media`: the media an
	 * in-place restart carries over (media bytes are not part of the snapshot).
	 */
	constructor(options: HubOptions, restored?: HubSnapshot, media?: MediaStore) {
		this.options = options;
		this.media = media ?? new MediaStore(options.mediaMaxBytes ?? DEFAULT_MEDIA_LIMIT_BYTES);
		this.events = restored ? EventLog.fromSnapshot(restored.events) : new EventLog();
		this.store = restored ? MessageStore.fromSnapshot(restored.store) : new MessageStore();
		this.channels = restored ? restored.channels : [{ ...DEFAULT_CHANNEL }];
	}

	/** The state a restart must keep, as plain JSON. */
	snapshot(): HubSnapshot {
		return {
			events: this.events.snapshot(),
			store: this.store.snapshot(),
			channels: this.channels
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

	/** The channel a (possibly absent) envelope `chat_id` names, or undefined if unknown. */
	channel(chatId: string | undefined): Channel | undefined {
		const wanted = chatId ?? DEFAULT_CHANNEL.chat_id;
		return this.channels.find((c) => c.chat_id === wanted);
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
