/**
 * The SQLite schema as one ordered list of migrations. `PRAGMA user_version` is the number of
 * migrations applied; opening runs the missing ones in one transaction each. A database whose
 * version is higher than this list knows was written by a newer gateway: it is refused, never
 * touched (./open.ts). Add a migration at the end; never edit one that has shipped.
 */
import type Database from 'better-sqlite3';

/** One step of the schema; `up` is SQL run as is. */
export interface Migration {
	/** What it changes, for the log. */
	name: string;
	up: string;
}

export const MIGRATIONS: readonly Migration[] = [
	{
		name: 'initial schema',
		up: `
			-- Small named values (JSON): read marks, server state, VAPID keys, import markers.
			CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
			-- The channel list in display order (position), one JSON channel per row.
			CREATE TABLE channels (position INTEGER PRIMARY KEY, chat_id TEXT NOT NULL UNIQUE,
				channel TEXT NOT NULL);
			-- Completed messages. seq = insertion order, the tie-break of equal ts. scope is
			-- scopeKey(); text_lower is what server search matches (JS lower-casing, not SQLite's
			-- ASCII-only lower()).
			CREATE TABLE messages (seq INTEGER PRIMARY KEY AUTOINCREMENT,
				message_id TEXT NOT NULL UNIQUE, scope TEXT NOT NULL, chat_id TEXT NOT NULL,
				ts INTEGER NOT NULL, client_msg_id TEXT UNIQUE, text_lower TEXT NOT NULL,
				payload TEXT NOT NULL);
			CREATE INDEX messages_by_scope ON messages (scope, ts, seq);
			-- The replay log. AUTOINCREMENT: a position is never reused, also after pruning.
			CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL,
				coalesce_key TEXT, frame TEXT NOT NULL);
			CREATE INDEX events_by_key ON events (coalesce_key) WHERE coalesce_key IS NOT NULL;
			CREATE INDEX events_by_age ON events (at);
			-- Each device's acknowledged cursor (its last sync) and when it was last seen.
			CREATE TABLE devices (device_id TEXT PRIMARY KEY, acked INTEGER NOT NULL,
				last_seen INTEGER NOT NULL);
			-- Streams started and not stopped: what a gateway killed mid-answer must close.
			CREATE TABLE streams (message_id TEXT PRIMARY KEY, stream TEXT NOT NULL);
			CREATE TABLE pickers (picker_id TEXT PRIMARY KEY, picker TEXT NOT NULL);
			CREATE TABLE push (device_id TEXT PRIMARY KEY, push TEXT NOT NULL);
			-- Media ids → content; the bytes are files named by sha256 (../media-files.ts).
			CREATE TABLE media (media_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL, info TEXT NOT NULL);
			CREATE INDEX media_by_hash ON media (sha256);
		`
	}
];

/** The schema version this gateway writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** The schema version of `db` (0 for a new file). */
export function schemaVersion(db: Database.Database): number {
	return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Bring `db` from its version up to `migrations.length`, one transaction per step. Returns the
 * names of the steps run. The caller has checked the version is not newer than the list.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): string[] {
	const ran: string[] = [];
	for (let v = schemaVersion(db); v < migrations.length; v += 1) {
		const step = migrations[v]!;
		db.transaction(() => {
			db.exec(step.up);
			db.pragma(`user_version = ${v + 1}`);
		})();
		ran.push(step.name);
	}
	return ran;
}
