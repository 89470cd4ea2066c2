/**
 * The in-memory store (`IRIS_STORE=memory`, and the default of `startGateway` in tests): the
 * same contract as the SQLite store, gone when the process ends.
 */
import { createHash } from 'node:crypto';
import type { Channel } from '../../src/lib/protocol/iris';
import { MemoryReplayLog } from './memory-replay';
import { newRunId } from './ids';
import {
	pageSize,
	scopeKey,
	type DevicePush,
	type GatewayStore,
	type HistoryPage,
	type MediaInfo,
	type MediaTable,
	type MessageTable,
	type Scope,
	type StoredMessage,
	type StoredPicker
} from './types';

/** Messages by scope, kept in `ts` order, with the dedupe map. */
export class MemoryMessages implements MessageTable {
	#seq = 0;
	readonly #run = newRunId();
	readonly #byScope = new Map<string, StoredMessage[]>();
	readonly #byClientMsgId = new Map<string, StoredMessage>();
	readonly #ids = new Set<string>();

	nextMessageId(): string {
		this.#seq += 1;
		return `m_${this.#run}_${this.#seq}`;
	}

	findByClientMsgId(clientMsgId: string): StoredMessage | undefined {
		return this.#byClientMsgId.get(clientMsgId);
	}

	add(stored: StoredMessage): void {
		const { message_id, client_msg_id } = stored.message;
		if (this.#ids.has(message_id)) throw new Error(`message ${message_id} is already stored`);
		const copy = structuredClone(stored);
		const key = scopeKey(copy.scope);
		const list = this.#byScope.get(key) ?? [];
		const ts = copy.message.ts ?? Infinity;
		let at = list.length;
		while (at > 0 && (list[at - 1]?.message.ts ?? 0) > ts) at -= 1;
		list.splice(at, 0, copy);
		this.#byScope.set(key, list);
		this.#ids.add(message_id);
		if (client_msg_id !== undefined) this.#byClientMsgId.set(client_msg_id, copy);
	}

	history(scope: Scope, beforeMessageId?: string, limit?: number): HistoryPage | null {
		const list = this.#byScope.get(scopeKey(scope)) ?? [];
		let end = list.length;
		if (beforeMessageId !== undefined) {
			end = list.findIndex((m) => m.message.message_id === beforeMessageId);
			if (end < 0) return null;
		}
		const start = Math.max(0, end - pageSize(limit));
		const messages = list.slice(start, end).map((m) => structuredClone(m.message));
		const page: HistoryPage = { messages, has_more: start > 0 };
		if (messages[0]) page.oldest_message_id = messages[0].message_id;
		return page;
	}

	search(needle: string, limit: number, chatId?: string): StoredMessage[] {
		// Newest first; of equal ts the later stored first (as SQLite's `ts DESC, seq DESC`).
		const hits = this.all()
			.reverse()
			.filter(
				(m) =>
					(chatId === undefined || m.scope.chat_id === chatId) &&
					(m.message.text ?? '').toLowerCase().includes(needle)
			);
		hits.sort((a, b) => (b.message.ts ?? 0) - (a.message.ts ?? 0));
		return hits.slice(0, limit);
	}

	deleteChat(chatId: string): number {
		let removed = 0;
		for (const [key, list] of this.#byScope) {
			if (list[0]?.scope.chat_id !== chatId) continue;
			for (const m of list) {
				const cid = m.message.client_msg_id;
				if (cid !== undefined) this.#byClientMsgId.delete(cid);
			}
			removed += list.length;
			this.#byScope.delete(key);
		}
		return removed;
	}

	all(): StoredMessage[] {
		return [...this.#byScope.values()].flat().map((m) => structuredClone(m));
	}

	latestTs(): number {
		let latest = 0;
		for (const list of this.#byScope.values()) {
			for (const m of list) latest = Math.max(latest, m.message.ts ?? 0);
		}
		return latest;
	}
}

/** Media ids → info, bytes once per content hash. */
class MemoryMedia implements MediaTable {
	readonly #info = new Map<string, MediaInfo>();
	readonly #bytes = new Map<string, Buffer>();

	async put(info: MediaInfo, bytes: Buffer): Promise<void> {
		this.#bytes.set(info.sha256, Buffer.from(bytes));
		this.#info.set(info.media_id, { ...info });
	}

	get(mediaId: string): MediaInfo | undefined {
		const info = this.#info.get(mediaId);
		return info && { ...info };
	}

	async read(mediaId: string): Promise<Buffer | 'missing' | 'corrupt'> {
		const info = this.#info.get(mediaId);
		const bytes = info && this.#bytes.get(info.sha256);
		if (!info || !bytes) return 'missing';
		return createHash('sha256').update(bytes).digest('hex') === info.sha256 ? bytes : 'corrupt';
	}

	list(): MediaInfo[] {
		return [...this.#info.values()].map((i) => ({ ...i }));
	}
}

/** The whole store in memory. */
export class MemoryStore implements GatewayStore {
	readonly kind = 'memory' as const;
	readonly location = 'memory';
	readonly messages = new MemoryMessages();
	readonly events: MemoryReplayLog;
	readonly media = new MemoryMedia();
	readonly #channels: Channel[] = [];
	readonly #pickers = new Map<string, StoredPicker>();
	readonly #push = new Map<string, DevicePush>();
	readonly #meta = new Map<string, unknown>();

	/** `logCapacity`: frames the replay log keeps at most. */
	constructor(logCapacity?: number) {
		this.events = new MemoryReplayLog(logCapacity);
	}

	readonly channels = {
		list: (): Channel[] => this.#channels.map((c) => ({ ...c })),
		replaceAll: (channels: readonly Channel[]): void => {
			this.#channels.splice(0, Infinity, ...channels.map((c) => ({ ...c })));
		}
	};

	readonly pickers = {
		put: (p: StoredPicker): void => void this.#pickers.set(p.picker_id, structuredClone(p)),
		delete: (id: string): void => void this.#pickers.delete(id),
		all: (): StoredPicker[] => [...this.#pickers.values()].map((p) => structuredClone(p))
	};

	readonly push = {
		set: (id: string, push: DevicePush): void => {
			if (push.subscription || push.ntfy_topic) this.#push.set(id, structuredClone(push));
			else this.#push.delete(id);
		},
		get: (id: string): DevicePush | undefined => {
			const push = this.#push.get(id);
			return push && structuredClone(push);
		},
		all: (): [string, DevicePush][] => [...this.#push].map(([id, p]) => [id, structuredClone(p)])
	};

	readonly meta = {
		get: <T>(key: string): T | undefined => structuredClone(this.#meta.get(key)) as T | undefined,
		set: (key: string, value: unknown): void => void this.#meta.set(key, structuredClone(value))
	};

	transaction<T>(fn: () => T): T {
		return fn();
	}

	health(): { ok: true } {
		return { ok: true };
	}

	close(): void {}
}
