/**
 * The SQLite store: one database file in the data directory (WAL, exclusive lock), opened by
 * ./open.ts. Small tables live here; messages, the replay log and media have modules of their own.
 */
import type Database from 'better-sqlite3';
import type { Channel } from '../../../src/lib/protocol/iris';
import type {
	ChannelTable,
	DevicePush,
	GatewayStore,
	MetaTable,
	PickerTable,
	PushTable,
	StoredPicker
} from '../types';
import { SqliteMedia } from './media';
import { SqliteMessages } from './messages';
import { SqliteReplayLog } from './replay';

/** A table of JSON values by one text key. */
function jsonTable<T>(db: Database.Database, table: string, key: string, column: string) {
	const put = db.prepare(`INSERT OR REPLACE INTO ${table} (${key}, ${column}) VALUES (?, ?)`);
	const get = db.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${key} = ?`);
	const del = db.prepare(`DELETE FROM ${table} WHERE ${key} = ?`);
	const all = db.prepare(`SELECT ${key} AS k, ${column} AS v FROM ${table} ORDER BY rowid`);
	return {
		put: (k: string, value: T): void => void put.run(k, JSON.stringify(value)),
		get: (k: string): T | undefined => {
			const row = get.get(k) as { v: string } | undefined;
			return row && (JSON.parse(row.v) as T);
		},
		delete: (k: string): void => void del.run(k),
		all: (): [string, T][] =>
			(all.all() as { k: string; v: string }[]).map((r) => [r.k, JSON.parse(r.v) as T])
	};
}

/** Idle time after which the WAL is checkpointed, ms. */
const CHECKPOINT_IDLE_MS = 1000;
/** Transactions after which it is checkpointed even without a pause. */
const CHECKPOINT_EVERY = 1000;

export class SqliteStore implements GatewayStore {
	readonly kind = 'sqlite' as const;
	readonly location: string;
	readonly messages: SqliteMessages;
	readonly events: SqliteReplayLog;
	readonly media: SqliteMedia;
	readonly channels: ChannelTable;
	readonly pickers: PickerTable;
	readonly push: PushTable;
	readonly meta: MetaTable;
	readonly #db: Database.Database;
	readonly #ping: Database.Statement;
	/** One transaction function, made once: better-sqlite3 wraps `fn` in BEGIN … COMMIT. */
	readonly #tx: (fn: () => unknown) => unknown;
	#idle: NodeJS.Timeout | undefined;
	#sinceCheckpoint = 0;

	/** `db` is open and migrated; `dataDir` holds it and `media/`. */
	constructor(db: Database.Database, dataDir: string, mediaDir: string, log: (l: string) => void) {
		this.#db = db;
		this.#tx = db.transaction((fn: () => unknown) => fn());
		this.location = dataDir;
		this.messages = new SqliteMessages(db);
		this.events = new SqliteReplayLog(db, (fn) => this.transaction(fn));
		this.media = new SqliteMedia(db, mediaDir, log);
		this.#ping = db.prepare('SELECT count(*) AS n FROM meta');

		const list = db.prepare('SELECT channel FROM channels ORDER BY position');
		const clear = db.prepare('DELETE FROM channels');
		const insert = db.prepare('INSERT INTO channels (position, chat_id, channel) VALUES (?, ?, ?)');
		this.channels = {
			list: () =>
				(list.all() as { channel: string }[]).map((r) => JSON.parse(r.channel) as Channel),
			replaceAll: (channels) =>
				this.transaction(() => {
					clear.run();
					channels.forEach((c, i) => insert.run(i, c.chat_id, JSON.stringify(c)));
				})
		};

		const pickers = jsonTable<StoredPicker>(db, 'pickers', 'picker_id', 'picker');
		this.pickers = {
			put: (p) => pickers.put(p.picker_id, p),
			delete: (id) => pickers.delete(id),
			all: () => pickers.all().map(([, p]) => p)
		};

		const push = jsonTable<DevicePush>(db, 'push', 'device_id', 'push');
		this.push = {
			set: (id, p) => (p.subscription || p.ntfy_topic ? push.put(id, p) : push.delete(id)),
			get: (id) => push.get(id),
			all: () => push.all()
		};

		const meta = jsonTable<unknown>(db, 'meta', 'key', 'value');
		this.meta = {
			get: <T>(key: string) => meta.get(key) as T | undefined,
			set: (key, value) => meta.put(key, value)
		};
	}

	transaction<T>(fn: () => T): T {
		// Inside a transaction already: join it (a savepoint would cost two statements per call).
		if (this.#db.inTransaction) return fn();
		try {
			return this.#tx(fn) as T;
		} catch (e) {
			// Rolled back: positions handed out inside it were never committed.
			this.events.resync();
			throw e;
		} finally {
			this.#committed();
		}
	}

	/**
	 * Checkpoints (copying the WAL into the database, with two fsyncs) run when the gateway is
	 * idle, not in the middle of a burst where they would stall every ack behind them: after
	 * `CHECKPOINT_IDLE_MS` without a transaction, or at once after `CHECKPOINT_EVERY` of them.
	 */
	#committed(): void {
		this.#sinceCheckpoint += 1;
		if (this.#sinceCheckpoint >= CHECKPOINT_EVERY) return this.#checkpoint();
		clearTimeout(this.#idle);
		this.#idle = setTimeout(() => this.#checkpoint(), CHECKPOINT_IDLE_MS);
		this.#idle.unref();
	}

	#checkpoint(): void {
		clearTimeout(this.#idle);
		this.#sinceCheckpoint = 0;
		try {
			if (this.#db.open) this.#db.pragma('wal_checkpoint(PASSIVE)');
		} catch {
			// A busy or full disk: the WAL keeps the data; the next checkpoint tries again.
		}
	}

	health(): { ok: true } | { ok: false; error: string } {
		try {
			this.#ping.get();
			return { ok: true };
		} catch (e) {
			return { ok: false, error: (e as Error).message };
		}
	}

	/** The database handle (tests simulate a full disk with `max_page_count`). */
	get database(): Database.Database {
		return this.#db;
	}

	close(): void {
		clearTimeout(this.#idle);
		if (this.#db.open) this.#db.close();
	}
}
