/**
 * Erase a gateway's store (Settings → Connection → Forget this device): every table emptied in
 * one transaction — channels, messages, outbox, media and their bytes, the search index, `meta`
 * (so the next pairing gets a new `device_id`). The database itself stays: other connections
 * (the worker, other tabs) hold it open, and deleting it would wait for all of them.
 */
import type { IrisDB } from './schema';

/** Empty every table of `db`. */
export async function eraseStore(db: IrisDB): Promise<void> {
	await db.transaction('rw', db.tables, async () => {
		await Promise.all(db.tables.map((table) => table.clear()));
	});
}
