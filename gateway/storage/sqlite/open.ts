/**
 * Opening the SQLite store in a data directory: `<dir>/iris.db` (WAL, `synchronous=NORMAL`: a
 * commit survives the process being killed at any moment; a power cut may lose the last commits
 * but never corrupts), `<dir>/media/`. The database is locked for this process alone (exclusive
 * locking mode), so a second gateway on the same directory is refused instead of interleaving.
 *
 * Nothing is written before the checks pass: a damaged file, a locked one, or one written by a
 * newer gateway is refused with a `StoreOpenError` naming the file and what to do.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION, migrate, schemaVersion, type Migration } from './migrations';
import { SqliteStore } from './store';
import { ensurePrivateDir } from '../data-dir';

/** The database file's name inside the data directory. */
export const DB_FILE = 'iris.db';

/** Why the store cannot be opened; `message` says which file and what to do. */
export class StoreOpenError extends Error {
	override name = 'StoreOpenError';
}

/** How long opening waits for a lock held by another process before giving up, ms. */
const LOCK_WAIT_MS = 1500;

function damaged(file: string, why: string): StoreOpenError {
	return new StoreOpenError(
		`${file} is damaged (${why}). Nothing was changed: restore it from a backup, or move it ` +
			`away to start with an empty store.`
	);
}

function refusal(file: string, e: unknown): StoreOpenError {
	const code = (e as { code?: string }).code ?? '';
	const why = (e as Error).message;
	if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
		return new StoreOpenError(
			`${file} is locked: another gateway is using this data directory. Stop it, or start ` +
				`this one with another IRIS_DATA_DIR.`
		);
	}
	if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) {
		return damaged(file, why);
	}
	return new StoreOpenError(`${file} cannot be opened (${why}). Nothing was changed.`);
}

/** Options of `openSqliteStore`. */
export interface SqliteStoreOptions {
	/** Where a missing or damaged media file is reported. */
	log?: (line: string) => void;
	/** The schema to bring the file to (tests pass a longer list); default `MIGRATIONS`. */
	migrations?: readonly Migration[];
}

/**
 * Open (creating when needed) the store in `dataDir`. Throws `StoreOpenError` for a damaged,
 * locked or newer database; then nothing was written.
 */
export function openSqliteStore(dataDir: string, options: SqliteStoreOptions = {}): SqliteStore {
	const migrations = options.migrations ?? MIGRATIONS;
	ensurePrivateDir(dataDir);
	const file = path.join(dataDir, DB_FILE);
	let db: Database.Database;
	try {
		db = new Database(file, { timeout: LOCK_WAIT_MS });
	} catch (e) {
		throw refusal(file, e);
	}
	try {
		// Before anything writes: exclusive locking must be set before WAL is first used.
		db.pragma('locking_mode = EXCLUSIVE');
		const version = schemaVersion(db);
		if (version > migrations.length) {
			throw new StoreOpenError(
				`${file} was written by a newer Iris gateway (schema version ${version}; this one ` +
					`knows up to ${migrations.length}). Nothing was changed: run the newer gateway, or ` +
					`start this one with another IRIS_DATA_DIR.`
			);
		}
		if (version > 0) {
			const check = db.pragma('quick_check', { simple: true });
			if (check !== 'ok') throw damaged(file, String(check));
		}
		db.pragma('journal_mode = WAL');
		db.pragma('synchronous = NORMAL');
		// Checkpoints are run by the store when idle (./store.ts), not by whichever commit fills
		// the WAL to 1000 pages.
		db.pragma('wal_autocheckpoint = 0');
		// After a checkpoint the WAL file is cut back to this size (bytes) instead of staying at
		// its largest.
		db.pragma('journal_size_limit = 16777216');
		// Take the write lock now, so a second gateway is refused at start, not at its first write.
		db.exec('BEGIN EXCLUSIVE; COMMIT');
		migrate(db, migrations);
	} catch (e) {
		db.close();
		throw e instanceof StoreOpenError ? e : refusal(file, e);
	}
	return new SqliteStore(db, dataDir, path.join(dataDir, 'media'), options.log ?? (() => {}));
}

export { SCHEMA_VERSION };
