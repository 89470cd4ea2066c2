import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { isQuotaError, noteRemoteMedia, storeDownloaded } from '../../src/lib/db/media';
import { MediaView } from '../../src/lib/state/media.svelte';
import { Store } from '../../src/lib/state/store.svelte';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	vi.restoreAllMocks();
	for (const db of dbs.splice(0)) await db.delete();
});

function freshDb() {
	const db = new IrisDB(`media-view-${++n}`);
	dbs.push(db);
	return db;
}

describe('MediaView object URLs', () => {
	it('creates a URL when the bytes arrive, revokes it when they change and on dispose', async () => {
		const db = freshDb();
		const created: string[] = [];
		const revoked: string[] = [];
		const create = URL.createObjectURL.bind(URL);
		vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
			const url = create(b);
			created.push(url);
			return url;
		});
		vi.spyOn(URL, 'revokeObjectURL').mockImplementation((u) => void revoked.push(u));
		await noteRemoteMedia(db, [{ media_id: 'm', kind: 'image', size: 1 }]);
		const view = new MediaView(new Store(db), 'm', async () => undefined);
		expect(view.url).toBeNull();

		await storeDownloaded(db, 'm', new Blob(['a']));
		await vi.waitFor(() => expect(view.url).not.toBeNull());
		const first = view.url!;
		expect(view.offline).toBe(true);
		await storeDownloaded(db, 'm', new Blob(['b']));
		await vi.waitFor(() => expect(view.url).not.toBe(first));
		expect(revoked).toEqual([first]);
		const second = view.url!;
		view.dispose();
		expect(revoked).toEqual([first, second]);
		expect(created).toEqual([first, second]);
		expect(view.url).toBeNull();
	});

	it('shows bytes the store refused (quota) from the worker memory: not available offline', async () => {
		const db = freshDb();
		await noteRemoteMedia(db, [{ media_id: 'q', kind: 'image', size: 1 }]);
		const quota = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
		vi.spyOn(db.media_blobs, 'put').mockRejectedValue(quota);
		const blob = new Blob(['x']);
		expect(await storeDownloaded(db, 'q', blob)).toBe('memory');
		expect((await db.media.get('q'))?.state).toBe('memory');
		expect(await db.media_blobs.get('q')).toBeUndefined();
		const view = new MediaView(new Store(db), 'q', async (id) => (id === 'q' ? blob : undefined));
		await vi.waitFor(() => expect(view.url).not.toBeNull());
		expect(view.offline).toBe(false);
		view.dispose();
	});

	it('recognises quota errors, also wrapped by Dexie', () => {
		expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
		expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
		expect(isQuotaError(new Error('other'))).toBe(false);
		expect(isQuotaError(null)).toBe(false);
	});
});
