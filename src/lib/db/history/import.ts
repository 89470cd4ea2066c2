/**
 * Import a history export (JSON format, db/history/format.ts) into the store: the whole file is
 * checked first (nothing is written when any part is wrong), then written in one transaction per
 * batch. Rows are keyed by the gateway's ids, so what is already here (a second import, or the
 * same messages synced from the gateway) is left as it is and counted. Imported rows carry
 * `origin: 'import'`. Nothing is sent: the import writes the store only (no outbox, no upload).
 */
import { strFromU8 } from 'fflate';
import type { ChannelRow, IrisDB, MediaRow, MessageRow } from '../schema';
import {
	HistoryFormatError,
	MANIFEST_PATH,
	validateManifest,
	validateMessagePage,
	type ExportManifest,
	type ExportMessage,
	type ExportMessageFile
} from './format';
import { readZip } from './zip';

/** Messages written per transaction. */
export const IMPORT_BATCH = 500;

/** What an import did: `added` messages new here, in `channels` channels; `existing` already here. */
export interface ImportResult {
	added: number;
	channels: number;
	existing: number;
}

function parseJson(files: Record<string, Uint8Array>, path: string): unknown {
	const bytes = files[path];
	if (!bytes) throw new HistoryFormatError(`${path}: missing from the file`);
	try {
		return JSON.parse(strFromU8(bytes));
	} catch (e) {
		throw new HistoryFormatError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
	}
}

/** Everything an import needs, checked: throws `HistoryFormatError` on the first problem. */
function check(files: Record<string, Uint8Array>): ExportManifest {
	const manifest = validateManifest(parseJson(files, MANIFEST_PATH));
	const known = new Set([...manifest.channels, ...manifest.threads].map((c) => c.chat_id));
	for (const file of manifest.message_files) {
		if (!known.has(file.chat_id))
			throw new HistoryFormatError(`${file.path}: channel ${file.chat_id} is not in the file`);
		validateMessagePage(parseJson(files, file.path), file);
	}
	for (const media of manifest.media)
		if (media.path !== undefined && !files[media.path])
			throw new HistoryFormatError(`${media.path}: missing from the file`);
	return manifest;
}

/** The stored row of an exported message, marked as imported. */
function messageRow(m: ExportMessage): MessageRow {
	const row: MessageRow = { ...m, origin: 'import' };
	// No turn runs here for it: an answer exported mid-stream is an interrupted one.
	if (row.status === 'streaming') {
		row.status = 'complete';
		row.interrupted = true;
	}
	return row;
}

async function importChannels(db: IrisDB, manifest: ExportManifest): Promise<void> {
	const all = [...manifest.channels, ...manifest.threads];
	await db.transaction('rw', db.channels, async () => {
		const [stored, last] = await Promise.all([
			db.channels.bulkGet(all.map((c) => c.chat_id)),
			db.channels.orderBy('position').last()
		]);
		let next = last === undefined ? 0 : last.position + 1;
		const fresh: ChannelRow[] = [];
		all.forEach((c, i) => {
			// Only one default per store: the gateway's, not the file's.
			if (!stored[i]) fresh.push({ ...c, is_default: false, position: next++, origin: 'import' });
		});
		await db.channels.bulkAdd(fresh);
	});
}

async function importMedia(
	db: IrisDB,
	manifest: ExportManifest,
	files: Record<string, Uint8Array>
): Promise<void> {
	for (const media of manifest.media) {
		const { path, ...meta } = media;
		await db.transaction('rw', [db.media, db.media_blobs], async () => {
			const [row, blob] = await Promise.all([
				db.media.get(media.media_id),
				db.media_blobs.get(media.media_id)
			]);
			if (blob || (row && path === undefined)) return;
			const next: MediaRow = { ...row, ...meta, state: path ? 'stored' : 'remote' };
			delete next.error;
			await db.media.put(next);
			if (path)
				await db.media_blobs.put({
					media_id: media.media_id,
					blob: new Blob([files[path]! as Uint8Array<ArrayBuffer>], { type: media.mime ?? '' })
				});
		});
	}
}

/** Write one channel's messages, `IMPORT_BATCH` per transaction; returns [added, existing]. */
async function importMessages(
	db: IrisDB,
	file: ExportMessageFile,
	files: Record<string, Uint8Array>
): Promise<[number, number]> {
	const { messages } = validateMessagePage(parseJson(files, file.path), file);
	let added = 0;
	for (let i = 0; i < messages.length; i += IMPORT_BATCH) {
		const batch = messages.slice(i, i + IMPORT_BATCH);
		await db.transaction('rw', db.messages, async () => {
			const stored = await db.messages.bulkGet(batch.map((m) => m.message_id));
			const fresh = batch.filter((_, j) => !stored[j]).map(messageRow);
			await db.messages.bulkAdd(fresh);
			added += fresh.length;
		});
	}
	return [added, messages.length - added];
}

/**
 * Import the export zip `bytes` into `db`. Rejects with `HistoryFormatError` (its message says
 * what is wrong, for people) before writing anything when the file is not a valid export; rejects
 * with the store's error when a write fails (the batches written until then stay).
 */
export async function importHistory(db: IrisDB, bytes: Uint8Array): Promise<ImportResult> {
	const files = readZip(bytes);
	const manifest = check(files);
	await importChannels(db, manifest);
	await importMedia(db, manifest, files);
	const result: ImportResult = { added: 0, channels: 0, existing: 0 };
	for (const file of manifest.message_files) {
		const [added, existing] = await importMessages(db, file, files);
		result.added += added;
		result.existing += existing;
		if (added > 0) result.channels += 1;
	}
	return result;
}
