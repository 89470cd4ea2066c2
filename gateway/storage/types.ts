/**
 * What the gateway keeps, behind one interface with two back-ends: SQLite in a data directory
 * (`./sqlite/`, the default) and memory (`./memory.ts`, `IRIS_STORE=memory`). Both pass the same
 * contract tests (tests/unit/gateway-storage.test.ts).
 *
 * Everything is synchronous except media bytes: better-sqlite3 commits before it returns, so a
 * caller that writes, then sends, has committed before the socket sees anything ("commit before
 * you acknowledge", doc/architecture.md "The gateway's store").
 */
import type { Channel, MediaKind, MessagePayload, ServerFrame } from '../../src/lib/protocol/iris';
import type { PushSubscription } from 'web-push';

/** Where a message lives: envelope `chat_id` (resolved, never absent) and optional `thread_id`. */
export interface Scope {
	chat_id: string;
	thread_id?: string;
}

/** A stored message: its scope and the payload sent in `message` / `history` (ts in epoch ms). */
export interface StoredMessage {
	scope: Scope;
	message: MessagePayload;
}

/** A `history` page: `messages` oldest→newest. */
export interface HistoryPage {
	messages: MessagePayload[];
	has_more: boolean;
	oldest_message_id?: string;
}

/** Default and largest `history` page sizes (spec: `limit` 1…200). */
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

/** A map key for a scope; JSON keeps ('a', 'b') apart from any other pair of strings. */
export function scopeKey(scope: Scope): string {
	return JSON.stringify([scope.chat_id, scope.thread_id ?? null]);
}

/** The clamped page size for a `history` request's `limit`. */
export function pageSize(limit: number | undefined): number {
	return Math.min(Math.max(Math.trunc(limit ?? HISTORY_DEFAULT_LIMIT), 1), HISTORY_MAX_LIMIT);
}

/** Completed messages per scope, and the `client_msg_id` → message map that dedupes sends. */
export interface MessageTable {
	/** A new server message id, never handed out before by any run on this store. */
	nextMessageId(): string;
	/** The user message already accepted under this `client_msg_id`, if any. */
	findByClientMsgId(clientMsgId: string): StoredMessage | undefined;
	/**
	 * Store a completed message, ordered by `ts` in its scope (an assistant reply is stored when it
	 * completes but dated when it started). Throws if the `message_id` is already stored.
	 */
	add(stored: StoredMessage): void;
	/**
	 * A page of at most `limit` messages (see `pageSize`) strictly before `beforeMessageId` (or the
	 * newest ones), oldest→newest; `null` if `beforeMessageId` is unknown in this scope.
	 */
	history(scope: Scope, beforeMessageId?: string, limit?: number): HistoryPage | null;
	/**
	 * Messages whose text contains `needle` (already lower-cased), newest first, at most `limit`;
	 * `chatId` restricts them to one channel.
	 */
	search(needle: string, limit: number, chatId?: string): StoredMessage[];
	/**
	 * Remove every message of the channel `chatId` (all its scopes): a deleted channel's history
	 * and search hits go with it. Returns how many were removed. Ids stay used (never handed out again).
	 */
	deleteChat(chatId: string): number;
	/** Every message, per scope oldest→newest (test hooks, import). */
	all(): StoredMessage[];
	/** Largest `ts` stored (0 when empty): the clock continues after it. */
	latestTs(): number;
}

/** An assistant message that started streaming and has not stopped (`message.start` seen). */
export interface OpenStream {
	message_id: string;
	scope: Scope;
	role: NonNullable<MessagePayload['role']>;
	/** Epoch ms of its `message.start`. */
	ts: number;
	/** The full text of its latest `message.update` ('' before any). */
	text: string;
	reasoning?: string;
}

/**
 * The replay log behind `sync` (./replay.ts has the shared rules): broadcast frames stamped with
 * increasing positions, coalescable frames superseded, and each device's acknowledged cursor.
 * A device's replay log is the part of this log after its cursor; entries every known device
 * acknowledged are pruned.
 */
export interface ReplayLog {
	/** Position of the newest frame, 0 when nothing was logged yet. Never goes back. */
	readonly latest: number;
	/** Entries kept now (after coalescing and pruning). */
	readonly size: number;
	/** Append a frame (no request `id`); returns its position. Tracks open streams. */
	append(frame: ServerFrame): number;
	/**
	 * Fill an empty log with `entries` at their positions, `latest` after them (importing a state
	 * file keeps devices' cursors valid).
	 */
	restore(entries: readonly { position: number; frame: ServerFrame }[], latest: number): void;
	/** Frames after `cursor`, oldest first (everything kept when `cursor` is ahead of `latest`). */
	since(cursor: number): ServerFrame[];
	/** Streams started and not stopped (a gateway killed mid-answer leaves them). */
	openStreams(): OpenStream[];
	/** A device connected: remember it, starting at `latest` when it is new. `now` epoch ms. */
	seen(deviceId: string, now: number): void;
	/** A device said it has everything up to `cursor` (`sync{cursor}`). `now` epoch ms. */
	acknowledge(deviceId: string, cursor: number, now: number): void;
	/**
	 * Drop entries every device seen within `retentionMs` acknowledged, and entries older than
	 * `retentionMs` whoever still lacks them. Returns how many were dropped.
	 */
	prune(now: number, retentionMs: number): number;
}

/** The channel list, in display order. */
export interface ChannelTable {
	list(): Channel[];
	/** Replace the whole list (channel changes are rare and the list is short). */
	replaceAll(channels: readonly Channel[]): void;
}

/** A picker that waits for `picker.select`; survives a restart (its turn does not). */
export interface StoredPicker {
	picker_id: string;
	scope: Scope;
	/** The picker frame's type, e.g. `picker.approval`. */
	type: string;
	/** The picker frame's payload as it was broadcast. */
	payload: Record<string, unknown>;
	/** Accepted answers; null = any text (clarify). */
	values: string[] | null;
	/** What answers it after a restart: a name registered with `registerPickerReply`. */
	resume?: string;
}

export interface PickerTable {
	put(picker: StoredPicker): void;
	delete(pickerId: string): void;
	all(): StoredPicker[];
}

/** What one device registered for push. */
export interface DevicePush {
	subscription?: PushSubscription;
	ntfy_topic?: string;
}

export interface PushTable {
	/** Set what `deviceId` registered; an empty registration forgets the device. */
	set(deviceId: string, push: DevicePush): void;
	get(deviceId: string): DevicePush | undefined;
	all(): [string, DevicePush][];
}

/** What the gateway knows about one piece of media; `size` bytes, `sha256` lower-case hex. */
export interface MediaInfo {
	media_id: string;
	kind: MediaKind;
	mime?: string;
	filename?: string;
	size: number;
	sha256: string;
}

/** Media: an id → content table, and the bytes stored once per content hash. */
export interface MediaTable {
	/** Store the bytes (under their hash) and the id; resolves once both are durable. */
	put(info: MediaInfo, bytes: Buffer): Promise<void>;
	get(mediaId: string): MediaInfo | undefined;
	/** The bytes, checked against the hash; `missing` or `corrupt` when they cannot be served. */
	read(mediaId: string): Promise<Buffer | 'missing' | 'corrupt'>;
	list(): MediaInfo[];
}

/** Small named values: read marks, server state, VAPID keys, import markers. */
export interface MetaTable {
	get<T>(key: string): T | undefined;
	set(key: string, value: unknown): void;
}

/** The whole store; one per gateway process, shared by in-place restarts. */
export interface GatewayStore {
	/** `sqlite` (durable) or `memory`. */
	readonly kind: 'sqlite' | 'memory';
	/** The data directory, or `memory`. */
	readonly location: string;
	readonly messages: MessageTable;
	readonly events: ReplayLog;
	readonly channels: ChannelTable;
	readonly pickers: PickerTable;
	readonly push: PushTable;
	readonly media: MediaTable;
	readonly meta: MetaTable;
	/**
	 * Run `fn` as one transaction: everything it wrote, or (when it throws) nothing. Nested calls
	 * join the outer one. The memory store has nothing to roll back: its writes cannot fail.
	 */
	transaction<T>(fn: () => T): T;
	/** Whether the store answers (`GET /healthz`); the error message when not. */
	health(): { ok: true } | { ok: false; error: string };
	close(): void;
}
