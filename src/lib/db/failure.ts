/**
 * Storage failures (doc/storage.md), classified from what IndexedDB and Dexie throw.
 * Whatever the kind, the app shows a banner and keeps chatting from an in-memory store
 * (doc/storage.md); the kind only chooses the words.
 */

/**
 * - `unavailable`: IndexedDB is missing or refuses to open (private mode);
 * - `quota`: a write failed because storage is full;
 * - `versionchange`: a newer version of the app upgraded the database from another tab;
 * - `blocked`: an older tab keeps the database open and blocks our upgrade;
 * - `failed`: any other failure (the database was closed, an I/O error).
 */
export type StorageFailureKind = 'unavailable' | 'quota' | 'versionchange' | 'blocked' | 'failed';

/** What failed and the browser's words for it. Plain data: it crosses `postMessage`. */
export interface StorageFailure {
	kind: StorageFailureKind;
	message: string;
}

/** Error names (DOMException or Dexie) anywhere in the `inner` chain of `e`. */
function names(e: unknown): string[] {
	const out: string[] = [];
	let current: unknown = e;
	for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
		const { name, inner } = current as { name?: unknown; inner?: unknown };
		if (typeof name === 'string') out.push(name);
		current = inner;
	}
	return out;
}

/** Classify an error thrown by a store operation. */
export function classifyStorageError(e: unknown): StorageFailure {
	const found = names(e);
	const message = e instanceof Error ? e.message : String(e);
	const has = (...n: string[]) => n.some((x) => found.includes(x));
	// Errors that crossed `postMessage` keep only name and message: the message names the cause.
	if (has('QuotaExceededError') || /quota/i.test(message)) return { kind: 'quota', message };
	if (has('VersionError', 'VersionChangeError')) return { kind: 'versionchange', message };
	if (has('MissingAPIError', 'InvalidStateError', 'SecurityError', 'OpenFailedError')) {
		return { kind: 'unavailable', message };
	}
	return { kind: 'failed', message };
}
