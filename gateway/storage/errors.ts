/** Telling storage failures (a full disk, a read-only or damaged file) from the gateway's bugs. */

/** SQLite result codes (better-sqlite3 `SqliteError.code`) and errno codes of storage failures. */
const STORAGE_CODES =
	/^(SQLITE_(FULL|IOERR|READONLY|CORRUPT|NOTADB|CANTOPEN|BUSY|LOCKED)|ENOSPC|EDQUOT|EROFS|EIO)/;

/** Whether `e` is a failure of the store (disk full, I/O error …) rather than a bug. */
export function isStorageError(e: unknown): boolean {
	const code = (e as { code?: unknown } | null)?.code;
	return typeof code === 'string' && STORAGE_CODES.test(code);
}
