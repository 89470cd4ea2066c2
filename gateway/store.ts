/**
 * The demo gateway's message store: completed messages per scope (for `history`) and the
 * `client_msg_id` → ack map that makes `message.send` idempotent (doc/protocol.md "Sending
 * messages without loss or duplicates"). In memory; `snapshot()` / `fromSnapshot()` let the
 * gateway keep it in a file across restarts (gateway/state-file.ts).
 */
import type { MessagePayload } from '../src/lib/protocol/iris';

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

/** Default and largest `history` page sizes (spec: `limit` 1…200). */
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

/** A `history` page: `messages` oldest→newest. */
export interface HistoryPage {
	messages: MessagePayload[];
	has_more: boolean;
	oldest_message_id?: string;
}

/** A map key for a scope; JSON keeps ('a', 'b') apart from any other pair of strings. */
export function scopeKey(scope: Scope): string {
	return JSON.stringify([scope.chat_id, scope.thread_id ?? null]);
}

/** The store as plain JSON. */
export interface MessageStoreSnapshot {
	run: string;
	seq: number;
	scopes: { scope: Scope; messages: MessagePayload[] }[];
}

/** Messages by scope, server message ids, and the dedupe map. */
export class MessageStore {
	#seq = 0;
	/**
	 * This run's id prefix. The store lives in memory, so a restarted gateway counts from 1 again;
	 * without a per-run prefix its new messages would reuse ids that clients already hold and
	 * overwrite them (messages are keyed by `message_id`).
	 */
	#run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
	#byScope = new Map<string, MessagePayload[]>();
	#byClientMsgId = new Map<string, StoredMessage>();

	/**
	 * Restore a store saved with `snapshot()`: same messages and ids, same dedupe map. New ids get
	 * this run's prefix, not the saved one: the snapshot may be older than the last run (a gateway
	 * killed before it saved), and counting on from its `seq` would hand out ids that run already
	 * gave to other messages.
	 */
	static fromSnapshot(snapshot: MessageStoreSnapshot): MessageStore {
		const store = new MessageStore();
		for (const { scope, messages } of snapshot.scopes) {
			for (const message of messages) store.add({ scope, message });
		}
		return store;
	}

	/** The store as plain JSON. */
	snapshot(): MessageStoreSnapshot {
		const scopes: MessageStoreSnapshot['scopes'] = [];
		for (const [key, messages] of this.#byScope) {
			const [chat_id, thread_id] = JSON.parse(key) as [string, string | null];
			scopes.push({ scope: thread_id === null ? { chat_id } : { chat_id, thread_id }, messages });
		}
		return { run: this.#run, seq: this.#seq, scopes };
	}

	/** A new server message id, unique across runs: `m_<run>_1`, `m_<run>_2` … */
	nextMessageId(): string {
		this.#seq += 1;
		return `m_${this.#run}_${this.#seq}`;
	}

	/** The user message already accepted under this `client_msg_id`, if any. */
	findByClientMsgId(clientMsgId: string): StoredMessage | undefined {
		return this.#byClientMsgId.get(clientMsgId);
	}

	/**
	 * Store a completed message in its scope, ordered by `ts` (and remember its `client_msg_id`).
	 * An assistant reply is stored when it completes but is dated when it started, so a user
	 * message sent while it streamed must still come after it.
	 */
	add(stored: StoredMessage): void {
		const key = scopeKey(stored.scope);
		const list = this.#byScope.get(key) ?? [];
		const ts = stored.message.ts ?? Infinity;
		let at = list.length;
		while (at > 0 && (list[at - 1]?.ts ?? 0) > ts) at -= 1;
		list.splice(at, 0, stored.message);
		this.#byScope.set(key, list);
		const cid = stored.message.client_msg_id;
		if (cid !== undefined) this.#byClientMsgId.set(cid, stored);
	}

	/**
	 * A page of at most `limit` messages (clamped to 1…200, default 50) strictly before
	 * `beforeMessageId` (or the newest ones), oldest→newest. `null` if `beforeMessageId` is unknown
	 * in this scope.
	 */
	history(scope: Scope, beforeMessageId?: string, limit?: number): HistoryPage | null {
		const list = this.#byScope.get(scopeKey(scope)) ?? [];
		let end = list.length;
		if (beforeMessageId !== undefined) {
			end = list.findIndex((m) => m.message_id === beforeMessageId);
			if (end < 0) return null;
		}
		const size = Math.min(
			Math.max(Math.trunc(limit ?? HISTORY_DEFAULT_LIMIT), 1),
			HISTORY_MAX_LIMIT
		);
		const start = Math.max(0, end - size);
		const messages = list.slice(start, end).map((m) => ({ ...m }));
		const page: HistoryPage = { messages, has_more: start > 0 };
		if (messages[0]) page.oldest_message_id = messages[0].message_id;
		return page;
	}

	/** Every stored message with its scope, per scope oldest→newest (for `search`). */
	*all(): Generator<StoredMessage> {
		for (const [key, list] of this.#byScope) {
			const [chat_id, thread_id] = JSON.parse(key) as [string, string | null];
			const scope: Scope = thread_id === null ? { chat_id } : { chat_id, thread_id };
			for (const message of list) yield { scope, message };
		}
	}
}
