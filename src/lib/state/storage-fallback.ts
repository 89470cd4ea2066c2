/**
 * The switch to the in-memory store (doc/storage.md): open the
 * memory store (copying what the real one still holds), close the real one, and run the
 * connection in the page on the copy. Done once per page; later
 * failures are no-ops, so nothing retries in a loop.
 */
import type { DiagnosticEntry, StorageFailure } from '../bridge/contract';
import { startInPage } from '../handle/in-page';
import type { WorkerHandle } from '../handle/types';
import { openMemoryStore } from '../db/memory';
import type { IrisDB } from '../db/schema';

export class StorageFallback {
	readonly #report: (entry: DiagnosticEntry) => void;

	constructor(report: (entry: DiagnosticEntry) => void) {
		this.#report = report;
	}

	/** Switch from `real` to a new in-memory store; `copy`: carry over what `real` holds. */
	async switchTo(
		real: IrisDB,
		failure: StorageFailure,
		copy: boolean
	): Promise<{ db: IrisDB; handle: WorkerHandle }> {
		const note = (message: string) => {
			console.warn(`[app] ${message}`);
			this.#report({ ts: Date.now(), kind: 'storage', message });
		};
		note(`local store failed (${failure.kind}: ${failure.message}); running from memory`);
		real.close();
		const { db, copied } = await openMemoryStore(copy ? real.name : undefined, note);
		if (copy) note(`copied ${copied} stored rows to memory`);
		return { db, handle: await startInPage(db) };
	}
}
