/**
 * Does the local store work? Opened once when the page starts (doc/storage.md):
 * IndexedDB missing, refusing to open (private mode), newer than this app, or blocked by an older
 * tab each give a `StorageFailure` instead of a hang or an unhandled rejection.
 */
import { classifyStorageError, type StorageFailure } from './failure';
import type { IrisDB } from './schema';

/** Open `db`; resolves with `null` when it works, with the failure otherwise. Never rejects. */
export function probeStore(db: IrisDB): Promise<StorageFailure | null> {
	if (typeof indexedDB === 'undefined' || indexedDB === null) {
		return Promise.resolve({ kind: 'unavailable', message: 'IndexedDB is not available' });
	}
	let onBlocked: () => void = () => {};
	return new Promise<StorageFailure | null>((resolve) => {
		onBlocked = () =>
			resolve({ kind: 'blocked', message: 'another tab keeps an older version of the store open' });
		db.on('blocked', onBlocked);
		db.open().then(
			() => resolve(null),
			(e: unknown) => {
				const failure = classifyStorageError(e);
				resolve(
					failure.kind === 'versionchange' || failure.kind === 'quota'
						? failure
						: { kind: 'unavailable', message: failure.message }
				);
			}
		);
	}).finally(() => db.on('blocked').unsubscribe(onBlocked));
}
