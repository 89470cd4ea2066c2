/** Completed messages in SQLite (table `messages`, ./migrations.ts). */
import type Database from 'better-sqlite3';
import type { MessagePayload } from '../../../src/lib/protocol/iris';
import { newRunId } from '../ids';
import {
	pageSize,
	scopeKey,
	type HistoryPage,
	type MessageTable,
	type Scope,
	type StoredMessage
} from '../types';

interface Row {
	seq: number;
	scope: string;
	ts: number;
	payload: string;
}

function toStored(row: Row): StoredMessage {
	const [chat_id, thread_id] = JSON.parse(row.scope) as [string, string | null];
	return {
		scope: thread_id === null ? { chat_id } : { chat_id, thread_id },
		message: JSON.parse(row.payload) as MessagePayload
	};
}

export class SqliteMessages implements MessageTable {
	#seq = 0;
	readonly #run = newRunId();
	readonly #insert: Database.Statement;
	readonly #byClient: Database.Statement;
	readonly #byId: Database.Statement;
	readonly #newest: Database.Statement;
	readonly #before: Database.Statement;
	readonly #search: Database.Statement;
	readonly #searchChat: Database.Statement;
	readonly #all: Database.Statement;
	readonly #deleteChat: Database.Statement;
	readonly #latestTs: Database.Statement;

	constructor(db: Database.Database) {
		this.#insert = db.prepare(
			`INSERT INTO messages (message_id, scope, chat_id, ts, client_msg_id, text_lower, payload)
			 VALUES (?, ?, ?, ?, ?, ?, ?)`
		);
		this.#byClient = db.prepare('SELECT * FROM messages WHERE client_msg_id = ?');
		this.#byId = db.prepare('SELECT seq, ts FROM messages WHERE scope = ? AND message_id = ?');
		this.#newest = db.prepare(
			'SELECT * FROM messages WHERE scope = ? ORDER BY ts DESC, seq DESC LIMIT ?'
		);
		this.#before = db.prepare(
			`SELECT * FROM messages WHERE scope = ? AND (ts < ? OR (ts = ? AND seq < ?))
			 ORDER BY ts DESC, seq DESC LIMIT ?`
		);
		this.#search = db.prepare(
			`SELECT * FROM messages WHERE instr(text_lower, ?) > 0 ORDER BY ts DESC, seq DESC LIMIT ?`
		);
		this.#searchChat = db.prepare(
			`SELECT * FROM messages WHERE chat_id = ? AND instr(text_lower, ?) > 0
			 ORDER BY ts DESC, seq DESC LIMIT ?`
		);
		this.#all = db.prepare('SELECT * FROM messages ORDER BY scope, ts, seq');
		this.#deleteChat = db.prepare('DELETE FROM messages WHERE chat_id = ?');
		this.#latestTs = db.prepare(
			`SELECT coalesce(max(ts), 0) AS ts FROM messages WHERE ts < ${Number.MAX_SAFE_INTEGER}`
		);
	}

	nextMessageId(): string {
		this.#seq += 1;
		return `m_${this.#run}_${this.#seq}`;
	}

	findByClientMsgId(clientMsgId: string): StoredMessage | undefined {
		const row = this.#byClient.get(clientMsgId) as Row | undefined;
		return row && toStored(row);
	}

	add({ scope, message }: StoredMessage): void {
		this.#insert.run(
			message.message_id,
			scopeKey(scope),
			scope.chat_id,
			// A message without ts sorts last, as in the memory store.
			message.ts ?? Number.MAX_SAFE_INTEGER,
			message.client_msg_id ?? null,
			(message.text ?? '').toLowerCase(),
			JSON.stringify(message)
		);
	}

	history(scope: Scope, beforeMessageId?: string, limit?: number): HistoryPage | null {
		const key = scopeKey(scope);
		const size = pageSize(limit);
		let rows: Row[];
		if (beforeMessageId === undefined) {
			rows = this.#newest.all(key, size + 1) as Row[];
		} else {
			const at = this.#byId.get(key, beforeMessageId) as { seq: number; ts: number } | undefined;
			if (!at) return null;
			rows = this.#before.all(key, at.ts, at.ts, at.seq, size + 1) as Row[];
		}
		const has_more = rows.length > size;
		const messages = rows
			.slice(0, size)
			.reverse()
			.map((r) => toStored(r).message);
		const page: HistoryPage = { messages, has_more };
		if (messages[0]) page.oldest_message_id = messages[0].message_id;
		return page;
	}

	search(needle: string, limit: number, chatId?: string): StoredMessage[] {
		const rows =
			chatId === undefined
				? this.#search.all(needle, limit)
				: this.#searchChat.all(chatId, needle, limit);
		return (rows as Row[]).map(toStored);
	}

	deleteChat(chatId: string): number {
		return this.#deleteChat.run(chatId).changes;
	}

	all(): StoredMessage[] {
		return (this.#all.all() as Row[]).map(toStored);
	}

	latestTs(): number {
		return (this.#latestTs.get() as { ts: number }).ts;
	}
}
