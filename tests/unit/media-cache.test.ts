import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import {
	addUpload,
	cachedMediaSize,
	clearCachedMedia,
	noteRemoteMedia,
	storeDownloaded,
	updateUpload
} from '../../src/lib/db/media';
import { MediaView } from '../../src/lib/state/media.svelte';
import { Store } from '../../src/lib/state/store.svelte';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	vi.restoreAllMocks();
	for (const db of dbs.splice(0)) await db.delete();
});

function freshDb() {
	const db = new IrisDB(`media-cache-${++n}`);
	dbs.push(db);
	return db;
}

/** An attachment of `size` bytes, uploaded (`done`) or not, still in the composer or not. */
async function attach(db: IrisDB, media_ref: string, size: number, done: boolean, draft: boolean) {
	await addUpload(db, {
		media_ref,
		chat_id: 'c',
		kind: 'document',
		mime: 'application/pdf',
		size,
		filename: `${media_ref}.pdf`,
		blob: new Blob([new Uint8Array(size)]),
		now: 1
	});
	await updateUpload(db, media_ref, { state: done ? 'done' : 'queued', draft });
}

describe('clearing cached media', () => {
	it('deletes media received from the gateway, keeps every file this device attached', async () => {
		const db = freshDb();
		await noteRemoteMedia(db, [
			{ media_id: 'img', kind: 'image', size: 3 },
			{ media_id: 'doc', kind: 'document', size: 5 },
			{ media_id: 'never', kind: 'document', size: 7 }
		]);
		await storeDownloaded(db, 'img', new Blob(['abc']));
		await storeDownloaded(db, 'doc', new Blob(['hello']));
		await attach(db, 'sent', 11, true, false);
		await attach(db, 'draft', 13, true, true);
		await attach(db, 'uploading', 17, false, false);
		// Uploaded, but its message still waits in the outbox.
		await attach(db, 'outgoing', 19, true, false);
		await db.outbox.put({
			client_msg_id: 'o',
			seq: 1,
			chat_id: 'c',
			text: 'hi',
			state: 'queued',
			attempts: 0,
			created_ts: 1,
			media_refs: ['outgoing']
		});

		expect(await cachedMediaSize(db)).toEqual({ count: 2, bytes: 3 + 5 });
		expect(await clearCachedMedia(db)).toBe(2);
		expect((await db.media_blobs.toCollection().primaryKeys()).sort()).toEqual([
			'draft',
			'outgoing',
			'sent',
			'uploading'
		]);
		expect(await cachedMediaSize(db)).toEqual({ count: 0, bytes: 0 });
		// What was cleared is remote again: shown with a Download.
		for (const id of ['img', 'doc', 'never']) {
			expect((await db.media.get(id))?.state, id).toBe('remote');
		}
		for (const id of ['sent', 'draft']) expect((await db.media.get(id))?.state, id).toBe('stored');
		expect(await clearCachedMedia(db)).toBe(0);
	});

	it('a view of cleared media lets go of its URL', async () => {
		const db = freshDb();
		vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
		await noteRemoteMedia(db, [{ media_id: 'm', kind: 'image', size: 1 }]);
		await storeDownloaded(db, 'm', new Blob(['a'], { type: 'image/png' }));
		const view = new MediaView(new Store(db), 'm', async () => undefined);
		await vi.waitFor(() => expect(view.url).not.toBeNull());
		const url = view.url;
		await clearCachedMedia(db);
		await vi.waitFor(() => expect(view.url).toBeNull());
		expect(URL.revokeObjectURL).toHaveBeenCalledWith(url);
		expect(view.blob).toBeUndefined();
		expect(view.presentation).toBe('download');
		view.dispose();
	});
});
