/**
 * The typed worker ⇄ page contract (commands in, events out), types only. The page calls
 * `WorkerApi` (through Comlink, or on a client in the page when the app runs from memory); the
 * worker reports through the `EventSink` the page hands it with `subscribe`. Every command is
 * listed once, here: the worker's implementation (`connection/client.ts`), the forwarding between
 * tabs (`connection/shared.ts`) and the in-page fallback (`handle/in-page.ts`) are derived from it.
 */
import type { FeatureApi, FeatureEvent } from './features';
import type { LocalSearchApi, SearchIndexEvent } from './search';
import type { Dialect } from '../protocol/dialect';
import type { PushRegistration } from '../protocol/push';
import type { StorageFailure } from '../db/failure';
import type { OutboxChange } from '../db/outbox';

export type { Dialect } from '../protocol/dialect';

/** What the user paired with. */
export interface GatewayConfig {
	/**
	 * `ws://` or `wss://` URL, used as given (doc/protocol.md "Transport and handshake"); a v3
	 * gateway gets `?token=` appended.
	 */
	url: string;
	token: string;
	/** Absent: Iris, unless the URL ends in `/ws/app` (`dialectOf` in `protocol/dialect.ts`). */
	dialect?: Dialect;
	/** v3 only: the user id sent as `from` when the token is not a JWT with `sub`. */
	user_id?: string;
}

/** Connection state as shown in the status (`role="status"`, name `Connection`). */
export type ConnectionState =
	'unpaired' | 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'auth_failed';

export interface ConnectionStatus {
	state: ConnectionState;
	/** When `reconnecting`: delay before the next attempt, ms. */
	retry_in_ms?: number;
	/** Last error, human-readable. */
	error?: string;
}

/** Whether the agent is working on a turn in a channel (`agent.busy` / `agent.idle` / `typing`). */
export interface AgentActivity {
	chat_id: string;
	busy: boolean;
	reason?: string;
	typing: boolean;
}

/** A recorded protocol event for diagnostics (malformed frame, timeout, …). */
export interface DiagnosticEntry {
	ts: number;
	kind: string;
	message: string;
	excerpt?: string;
}

/** A failure of the local store (doc/storage.md); see `db/failure.ts`. */
export type { StorageFailure, StorageFailureKind } from '../db/failure';
export type { OutboxChange } from '../db/outbox';

/**
 * One change of a message's hot streaming text (the bytes posted to the page stay ~ the final
 * length).
 * `append` when the new text extends what was last sent, `replace` otherwise (a server that
 * rewrote the answer, or the first text a page sees).
 */
export type StreamDelta =
	| {
			message_id: string;
			op: 'append';
			/** Length (UTF-16 code units) of the text the page holds before this change. */
			at: number;
			/** The characters appended at `at`. */
			text: string;
	  }
	| { message_id: string; op: 'replace'; text: string };

/**
 * Where one media transfer stands (doc/protocol.md "Media"), keyed by `media_id` (for an upload,
 * its `media_ref`). `loaded`/`total` in bytes. `queued` also means "waiting for the connection".
 */
export interface TransferProgress {
	media_id: string;
	direction: 'up' | 'down';
	state: 'queued' | 'active' | 'done' | 'failed' | 'cancelled';
	loaded: number;
	total: number;
	/** Why it failed, for people. */
	error?: string;
}

/** A file the page hands the worker to upload (`size` in bytes, `kind` per the schema). */
export interface AttachInput {
	media_ref: string;
	/** The channel whose composer it is attached in (restored there after a reload). */
	chat_id: string;
	blob: Blob;
	filename: string;
	mime: string;
	kind: 'image' | 'audio' | 'video' | 'document' | 'voice';
	/** Pixels, seconds: measured in the page when it can (a v3 gateway requires them). */
	width?: number;
	height?: number;
	duration?: number;
}

/** Events from the worker to the page. */
export type WorkerEvent =
	| { type: 'status'; status: ConnectionStatus }
	/** Hot streaming text, changes since the last event; bypasses the store (doc/architecture.md). */
	| { type: 'stream'; updates: StreamDelta[] }
	/** Hot streaming reasoning (extension `message.update.reasoning`), changes like `stream`. */
	| { type: 'reasoning'; updates: StreamDelta[] }
	| { type: 'activity'; activity: AgentActivity }
	| { type: 'diagnostic'; entry: DiagnosticEntry }
	| { type: 'transfer'; transfer: TransferProgress }
	/** The store failed (reported once); the page moves the app to memory. */
	| { type: 'storage'; failure: StorageFailure }
	| FeatureEvent
	| SearchIndexEvent;

/**
 * A message to send; `client_msg_id` (a UUID) is made up by the worker when absent. With
 * `media_refs` (from `attach`), it goes out once those uploads are done.
 */
export interface SendInput {
	chat_id: string;
	thread_id?: string;
	text: string;
	client_msg_id?: string;
	media_refs?: string[];
	/** The `message_id` of the message this one answers (a Reply). */
	reply_to?: string;
}

/** An Edit of a message in the outbox (`editMessage`): its new text, under a new id. */
export interface EditInput {
	client_msg_id: string;
	/** The replacement's `client_msg_id` (a UUID); the worker makes one up when absent. */
	new_client_msg_id?: string;
	text: string;
}

/** Callback the page gives the worker. */
export type EventSink = (event: WorkerEvent) => void;

/**
 * Commands from the page to the worker, the one list of them. A command added here is
 * implemented in `connection/client.ts` (its table), called by the UI, and forwarded by the rest.
 */
export interface WorkerApi extends FeatureApi, LocalSearchApi {
	/**
	 * Say which gateway the worker should be connected to (or none). The worker compares with what it
	 * has and opens, keeps or closes the socket ("compare and correct", doc/architecture.md).
	 */
	configure(config: GatewayConfig | null): Promise<void>;
	/**
	 * Queue a user message in the outbox and send it; resolves with its `client_msg_id`. The
	 * caller may choose the `client_msg_id`: sending the same one again is a no-op (the page runs
	 * a send again after moving to memory, and must not queue it twice). With `media_refs` (from
	 * `attach`), it goes out once those uploads are done.
	 */
	send(input: SendInput): Promise<string>;
	/** Store a file and queue its upload (`transfer` events report progress). */
	attach(input: AttachInput): Promise<void>;
	/** Cancel an upload and forget its bytes. */
	cancelUpload(media_ref: string): Promise<void>;
	/** Fetch a piece of media on demand (`media.pull`); progress as `transfer` events. */
	pull(media_id: string): Promise<void>;
	/**
	 * Bytes the store could not keep (quota): held in the memory of the worker that fetched them
	 * (the leader tab's, `connection/shared.ts`), if any.
	 */
	memoryBlob(media_id: string): Promise<Blob | undefined>;
	/**
	 * Delete the cached bytes of media received from the gateway, keeping what this device
	 * attached (`db/media.ts` `clearCachedMedia`); resolves to how many stored files were deleted.
	 */
	clearCachedMedia(): Promise<number>;
	/**
	 * Name this device (`hello.device_name`; `''`: the default derived from the browser). Stored,
	 * and sent in the next `hello` (the open link keeps the old name until it reconnects).
	 */
	setDeviceName(name: string): Promise<void>;
	/** Re-queue a failed message. */
	retry(client_msg_id: string): Promise<void>;
	/**
	 * Take back a message the gateway cannot have yet (queued, or failed): out of the outbox and
	 * the message list, atomically. Resolves `'sent'` (and changes nothing) when it was already
	 * written to the gateway or acked.
	 */
	cancelMessage(client_msg_id: string): Promise<OutboxChange>;
	/**
	 * Replace such a message with `text`, in one transaction: the new one (`new_client_msg_id`,
	 * made up by the worker when absent; running it twice changes nothing more) takes the old
	 * one's place in the outbox and the list and is sent. `'sent'` as for `cancelMessage`.
	 */
	editMessage(input: EditInput): Promise<OutboxChange>;
	/**
	 * The network came back or the page became visible: retry a pending reconnect now, or check
	 * the open link as `checkLink` does.
	 */
	wake(): void;
	/**
	 * The network went away (`offline`): check that the open link still carries frames (a ping;
	 * it is dropped and reopened if nothing comes within 5 s). Nothing is retried.
	 */
	checkLink(): void;
	/**
	 * Texts of answers still streaming that a page carried across its reload
	 * (state/stream-carry.ts), by `message_id`: each is stored where the answer still streams and
	 * its stored text is not longer (written every 8 s only), so the page shows what it showed
	 * before the gateway sends the answer again. Resolves once queued; a failed write is a
	 * storage failure like any other.
	 */
	restoreStreams(texts: Record<string, string>): Promise<void>;
	/**
	 * Store how this device gets push (null: off) and tell the gateway: in every later `hello`,
	 * and at once with `fcm.register` when connected (an empty one unregisters).
	 */
	registerPush(reg: PushRegistration | null): Promise<void>;
	/**
	 * Leave this gateway before the app switches to another one (doc/storage.md "One store per
	 * gateway"): unregister push from it (an empty `fcm.register`, awaited while connected, at most
	 * 3 s: `LEAVE_TIMEOUT_MS` in connection/session.ts) and close the link. Its store keeps everything, its pairing included, so
	 * a later switch back picks up where it stopped (the outbox is sent then). Never rejects for
	 * the gateway's answer; rejects when the store fails.
	 */
	leave(): Promise<void>;
	/** Stop the agent's turn in a channel (`agent.stop`); rejects when not connected. */
	stop(scope: { chat_id: string; thread_id?: string }): Promise<void>;
	/**
	 * Steer the running turn (`agent.steer`). Resolves `'sent'` when there was no turn to steer
	 * or no connection: the text then went to the outbox as a normal message.
	 */
	steer(input: { chat_id: string; thread_id?: string; text: string }): Promise<'steered' | 'sent'>;
	/** Answer a picker (`picker.select`) once; `label` is what the user saw, kept with the answer. */
	selectPicker(input: { picker_id: string; value: string; label: string }): Promise<void>;
}

/** What a connection exposes to its page: the commands, and the subscription to its events. */
export interface WorkerEndpoint extends WorkerApi {
	/** Subscribe to events; the current state (status, activity, streaming texts …) is reported at once. */
	subscribe(sink: EventSink): void;
}
