/**
 * The in-memory store the app falls back to when IndexedDB fails (doc/storage.md;
 * doc/storage.md): the same Dexie schema over `fake-indexeddb`, so every query, index and
 * `liveQuery` works unchanged; it lives as long as the page. What the real database still holds
 * is copied over first (a full disk can still be read; after another tab's upgrade the data is
 * read at the new version), so the outbox and the conversation carry on.
 */
import { Dexie } from 'dexie';
import { IrisDB } from './schema';

/** How long the copy may take before the app goes on with an empty memory store, ms. */
const COPY_TIMEOUT_MS = 5000;

/**
 * Open a fresh in-memory `IrisDB` and copy into it what the IndexedDB database `copyFrom` holds
 * (if given and readable). Resolves with the store and how many rows were copied; a copy that
 * fails is reported through `report` and leaves the store empty, never rejects for that.
 */
export async function openMemoryStore(
	copyFrom: string | undefined,
	report: (line: string) => void
): Promise<{ db: IrisDB; copied: number }> {
	const { indexedDB, IDBKeyRange } = await import('fake-indexeddb');
	// Dexie's `liveQuery` stays silent when the page had no IndexedDB at load time (it checks
	// `Dexie.dependencies`); the memory store is the page's IndexedDB from now on.
	if (!Dexie.dependencies.indexedDB) {
		Dexie.dependencies.indexedDB = indexedDB;
		Dexie.dependencies.IDBKeyRange = IDBKeyRange;
	}
	const db = new IrisDB(`iris-memory-${Date.now()}`, { indexedDB, IDBKeyRange });
	await db.open();
	let copied = 0;
	if (copyFrom !== undefined) {
		try {
			copied = await Promise.race([
				copyTables(copyFrom, db),
				new Promise<never>((_, reject) =>
					setTimeout(() => reject(new Error(`no answer in ${COPY_TIMEOUT_MS} ms`)), COPY_TIMEOUT_MS)
				)
			]);
		} catch (e) {
			report(`could not copy the stored data to memory: ${(e as Error).message}`);
		}
	}
	return { db, copied };
}

async function copyTables(name: string, into: IrisDB): Promise<number> {
	if (typeof indexedDB === 'undefined') return 0;
	// No declared version: Dexie opens whatever version is there (also a newer one), read-only use.
	const source = new Dexie(name, { autoOpen: false });
	let copied = 0;
	try {
		await source.open();
		// Every table of our schema (all versions: messages, outbox, turn parts and pickers,
		// media rows, blobs and uploads …) that the stored database has.
		for (const { name: table } of into.tables) {
			if (!source.tables.some((t) => t.name === table)) continue;
			let rows = await source.table(table).toArray();
			// Answers queued on notifications stay in the real store, sent from there once it
			// works again: a copy would send them a second time after a reload.
			if (table === 'meta')
				rows = rows.filter((r: { key?: unknown }) => r.key !== 'queued_answers');
			await into.table(table).bulkPut(rows);
			copied += rows.length;
		}
	} finally {
		source.close();
	}
	return copied;
}
