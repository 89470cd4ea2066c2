/**
 * Media in the local store (doc/protocol.md "Media"): metadata rows (`media`), their bytes
 * (`media_blobs`) and the upload queue (`uploads`). Bytes are Blobs in IndexedDB so media shows
 * offline; a quota error on a blob degrades to "not available offline" instead of failing.
 */
import type { MediaKind, MediaRef } from '../protocol/iris/frames';
import type { IrisDB, MediaRow, UploadRow } from './schema';

/** A file the user attached, as the worker receives it. `size` in bytes. */
export interface NewUpload {
	media_ref: string;
	chat_id: string;
	kind: MediaKind;
	mime: string;
	size: number;
	filename: string;
	blob: Blob;
	now: number;
	/** Pixels and seconds, when the page measured them (v3 messages carry them). */
	width?: number;
	height?: number;
	duration?: number;
}

/** Whether `e` is the store refusing a write for lack of space. */
export function isQuotaError(e: unknown): boolean {
	const name = (e as { name?: string } | null)?.name;
	const inner = (e as { inner?: { name?: string } } | null)?.inner?.name;
	return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/**
 * Store an attached file and queue its upload, in one transaction. Rejects (e.g. quota) with
 * nothing written: an upload needs its bytes to survive a reload.
 */
export async function addUpload(db: IrisDB, u: NewUpload): Promise<void> {
	await db.transaction('rw', [db.media, db.media_blobs, db.uploads], async () => {
		await db.media.put({
			media_id: u.media_ref,
			kind: u.kind,
			mime: u.mime,
			size: u.size,
			filename: u.filename,
			state: 'stored',
			...(u.width !== undefined ? { width: u.width } : {}),
			...(u.height !== undefined ? { height: u.height } : {}),
			...(u.duration !== undefined ? { duration: u.duration } : {})
		});
		await db.media_blobs.put({ media_id: u.media_ref, blob: u.blob });
		await db.uploads.put({
			media_ref: u.media_ref,
			state: 'queued',
			created_ts: u.now,
			chat_id: u.chat_id,
			draft: true
		});
	});
}

/** Uploads still to run, oldest first. */
export async function queuedUploads(db: IrisDB): Promise<UploadRow[]> {
	return (await db.uploads.orderBy('created_ts').toArray()).filter((u) => u.state === 'queued');
}

/** Update one upload row (no-op if it was cancelled meanwhile). */
export async function updateUpload(
	db: IrisDB,
	media_ref: string,
	change: Partial<Omit<UploadRow, 'media_ref'>>
): Promise<void> {
	await db.uploads.update(media_ref, change);
}

/** Files attached in `chat_id`'s composer and not sent yet, with their uploads, oldest first. */
export async function draftUploads(
	db: IrisDB,
	chat_id: string
): Promise<{ media: MediaRow; upload: UploadRow }[]> {
	const drafts = (await db.uploads.orderBy('created_ts').toArray()).filter(
		(u) => u.draft && u.chat_id === chat_id
	);
	const rows = await db.media.bulkGet(drafts.map((u) => u.media_ref));
	return drafts.flatMap((upload, i) => {
		const media = rows[i];
		return media ? [{ media, upload }] : [];
	});
}

/** Forget an upload and its bytes (cancelled by the user). */
export async function removeUpload(db: IrisDB, media_ref: string): Promise<void> {
	await db.transaction('rw', [db.media, db.media_blobs, db.uploads], async () => {
		await db.uploads.delete(media_ref);
		await db.media.delete(media_ref);
		await db.media_blobs.delete(media_ref);
	});
}

/**
 * Where the uploads of a message stand: `ready` when all are done (or unknown: sent earlier and
 * cleaned up), `pending` while any is queued, `failed` with the first failure's reason.
 */
export async function uploadsState(
	db: IrisDB,
	media_refs: readonly string[]
): Promise<{ state: 'ready' | 'pending' } | { state: 'failed'; error: string }> {
	const rows = await db.uploads.bulkGet([...media_refs]);
	const failed = rows.find((r) => r?.state === 'failed');
	if (failed) return { state: 'failed', error: failed.error ?? 'upload failed' };
	return rows.some((r) => r?.state === 'queued') ? { state: 'pending' } : { state: 'ready' };
}

/** The bytes of a piece of media, if stored. */
export async function getBlob(db: IrisDB, media_id: string): Promise<Blob | undefined> {
	return (await db.media_blobs.get(media_id))?.blob;
}

/**
 * Record media announced by a message or `media.offer` (state `remote`) unless already known.
 * Returns the rows that are new, for the caller to decide what to fetch.
 */
export async function noteRemoteMedia(db: IrisDB, refs: readonly MediaRef[]): Promise<MediaRow[]> {
	return db.transaction('rw', db.media, async () => {
		const fresh: MediaRow[] = [];
		for (const ref of refs) {
			if (await db.media.get(ref.media_id)) continue;
			const row: MediaRow = {
				media_id: ref.media_id,
				kind: ref.kind ?? 'document',
				state: 'remote'
			};
			if (ref.mime !== undefined) row.mime = ref.mime;
			if (ref.size !== undefined) row.size = ref.size;
			if (ref.filename !== undefined) row.filename = ref.filename;
			await db.media.put(row);
			fresh.push(row);
		}
		return fresh;
	});
}

/** Set the state (and error) of a media row. */
export async function setMediaState(
	db: IrisDB,
	media_id: string,
	state: MediaRow['state'],
	error?: string
): Promise<void> {
	await db.media
		.where('media_id')
		.equals(media_id)
		.modify((row) => {
			row.state = state;
			if (error === undefined) delete row.error;
			else row.error = error;
		});
}

/**
 * Keep downloaded bytes. Returns `stored`, or `memory` when the store is full (the caller keeps
 * the blob in memory: shown now, "not available offline"). Other store errors reject.
 */
export async function storeDownloaded(
	db: IrisDB,
	media_id: string,
	blob: Blob
): Promise<'stored' | 'memory'> {
	try {
		await db.transaction('rw', [db.media, db.media_blobs], async () => {
			await db.media_blobs.put({ media_id, blob });
			await db.media.update(media_id, { state: 'stored', error: undefined });
		});
		return 'stored';
	} catch (e) {
		if (!isQuotaError(e)) throw e;
		await setMediaState(db, media_id, 'memory');
		return 'memory';
	}
}

/**
 * The media this device attached (every `uploads` row, sent or not, and the refs of messages still
 * in the outbox): kept by Clear cached media. Before sending they are the user's only copy; after,
 * the gateway has them under the local `media_ref`, but whether every gateway serves them again
 * by that id is not established (doc/storage.md). Read inside a transaction over both tables.
 */
async function attachedMedia(db: IrisDB): Promise<Set<string>> {
	const own = new Set<string>(await db.uploads.toCollection().primaryKeys());
	for (const o of await db.outbox.toArray()) for (const ref of o.media_refs ?? []) own.add(ref);
	return own;
}

/** Cached media `clearCachedMedia` would delete: how many files and their size in bytes. */
export async function cachedMediaSize(db: IrisDB): Promise<{ count: number; bytes: number }> {
	return db.transaction('r', [db.media_blobs, db.uploads, db.outbox], async () => {
		const own = await attachedMedia(db);
		let count = 0;
		let bytes = 0;
		await db.media_blobs.each((row) => {
			if (own.has(row.media_id)) return;
			count += 1;
			bytes += row.blob.size;
		});
		return { count, bytes };
	});
}

/**
 * Settings › Storage › Clear cached media: delete the bytes of media received from the gateway
 * (fetched when seen or on demand), keeping those this device attached (`attachedMedia`). Their
 * rows go back to `remote`, so they show a Download again. Returns how many blobs were deleted.
 */
export async function clearCachedMedia(db: IrisDB): Promise<number> {
	return db.transaction('rw', [db.media, db.media_blobs, db.uploads, db.outbox], async () => {
		const own = await attachedMedia(db);
		const cached = (await db.media_blobs.toCollection().primaryKeys()).filter((id) => !own.has(id));
		await db.media_blobs.bulkDelete(cached);
		const gone = new Set(cached);
		// `memory` bytes lived in the worker, which forgets them with this (MediaTransfers).
		await db.media
			.filter((row) => gone.has(row.media_id) || row.state === 'memory')
			.modify((row) => {
				row.state = 'remote';
				delete row.error;
			});
		return cached.length;
	});
}
