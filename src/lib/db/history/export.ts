/**
 * Export the store's history as one zip (doc/storage.md "Your history: export and import"):
 * Markdown (one readable file per channel or thread, media beside it) or JSON (format
 * `iris-export` version 1, lossless, media included). Reads each channel in pages through
 * `[chat_id+ts]` and streams them into the zip, so a large store is never one array in memory.
 * Messages not sent yet (`local:` ids) are left out: they belong to the outbox.
 */
import type { ChannelRow, IrisDB, MediaRow, MessageRow } from '../schema';
import {
	EXPORT_FORMAT,
	EXPORT_VERSION,
	MANIFEST_PATH,
	type ExportChannel,
	type ExportManifest,
	type ExportMedia,
	type ExportMessage,
	type ExportMessageFile
} from './format';
import { LOCAL_PREFIX } from '../local-id';
import { channelHeading, messageMarkdown, type MarkdownLabels } from './markdown';
import { safeName, ZipWriter, type ZipTextFile } from './zip';

/** Rows read per query while exporting. */
export const EXPORT_PAGE = 500;

/** What to export; `chat_id`: one channel with its threads, or one thread. `now` epoch ms. */
export interface ExportOptions {
	format: 'markdown' | 'json';
	chat_id?: string;
	now: number;
	/** Needed for Markdown. */
	labels?: MarkdownLabels;
}

/** The zip, the name to save it under, and what it holds. */
export interface ExportResult {
	blob: Blob;
	filename: string;
	messages: number;
	channels: number;
}

/** A channel's messages, oldest first, `size` at a time (keyset paging on `[chat_id+ts]`). */
export async function* channelPages(
	db: IrisDB,
	chat_id: string,
	size = EXPORT_PAGE
): AsyncGenerator<MessageRow[]> {
	let from = -Infinity;
	// The rows already given at `from`: several messages may share a timestamp.
	let atFrom = new Set<string>();
	for (;;) {
		const limit = size + atFrom.size;
		const rows = await db.messages
			.where('[chat_id+ts]')
			.between([chat_id, from], [chat_id, Infinity], true, true)
			.limit(limit)
			.toArray();
		const fresh = rows.filter((row) => !(row.ts === from && atFrom.has(row.message_id)));
		if (fresh.length > 0) yield fresh;
		if (rows.length < limit || fresh.length === 0) return;
		const last = fresh[fresh.length - 1]!.ts;
		if (last !== from) atFrom = new Set();
		for (const row of fresh) if (row.ts === last) atFrom.add(row.message_id);
		from = last;
	}
}

/** `ChannelRow` without its local fields (sidebar position, import mark). */
function exportChannel(row: ChannelRow): ExportChannel {
	const out: ExportChannel & Partial<ChannelRow> = { ...row };
	delete out.position;
	delete out.origin;
	return out;
}

/** `MessageRow` without its local fields (import mark, send errors). */
function exportMessage(row: MessageRow): ExportMessage {
	const out: MessageRow = { ...row };
	delete out.origin;
	delete out.error;
	delete out.refused;
	return out;
}

/** The channels to export, in sidebar order: all, or `chat_id` with its threads. */
export async function chosenChannels(
	db: IrisDB,
	chat_id: string | undefined
): Promise<ChannelRow[]> {
	const all = await db.channels.orderBy('position').toArray();
	if (chat_id === undefined) return all;
	return all.filter((c) => c.chat_id === chat_id || c.parent_chat_id === chat_id);
}

/** Media seen so far: each piece's path in the zip (only when its bytes are stored here). */
class MediaFiles {
	readonly paths = new Map<string, string | undefined>();
	readonly entries: ExportMedia[] = [];
	readonly #used = new Set<string>();
	/** Bytes to add once the current text file is closed (a zip holds one open file). */
	#pending: { path: string; blob: Blob }[] = [];

	/** Look up the media of `rows` not seen yet: rows, bytes, paths. */
	async resolve(db: IrisDB, rows: readonly MessageRow[]): Promise<void> {
		const refs = new Map<string, NonNullable<MessageRow['media']>[number]>();
		for (const row of rows)
			for (const ref of row.media ?? [])
				if (!this.paths.has(ref.media_id)) refs.set(ref.media_id, ref);
		if (refs.size === 0) return;
		const ids = [...refs.keys()];
		const [metas, blobs] = await Promise.all([db.media.bulkGet(ids), db.media_blobs.bulkGet(ids)]);
		ids.forEach((media_id, i) => {
			const ref = refs.get(media_id)!;
			const meta: Partial<MediaRow> = metas[i] ?? {};
			const blob = blobs[i]?.blob;
			const filename = meta.filename ?? ref.filename;
			let path: string | undefined;
			if (blob) {
				const base = `media/${safeName(media_id, 'media')}-${safeName(filename ?? meta.kind ?? 'file')}`;
				path = base;
				for (let n = 2; this.#used.has(path); n++) path = `${base}-${n}`;
				this.#used.add(path);
				this.#pending.push({ path, blob });
			}
			this.paths.set(media_id, path);
			const entry: ExportMedia = { media_id, kind: meta.kind ?? ref.kind ?? 'document' };
			const mime = meta.mime ?? ref.mime ?? (blob?.type || undefined);
			if (mime) entry.mime = mime;
			const size = meta.size ?? ref.size ?? blob?.size;
			if (size !== undefined) entry.size = size;
			if (filename) entry.filename = filename;
			for (const key of ['width', 'height', 'duration'] as const)
				if (meta[key] !== undefined) entry[key] = meta[key];
			if (path) entry.path = path;
			this.entries.push(entry);
		});
	}

	/** Add the bytes found since the last flush (between text files). */
	async flush(zip: ZipWriter): Promise<void> {
		const pending = this.#pending;
		this.#pending = [];
		for (const { path, blob } of pending) zip.bytes(path, new Uint8Array(await blob.arrayBuffer()));
	}
}

/**
 * Build the export zip. Rejects when `format` is `markdown` without `labels`, or when the store
 * cannot be read.
 */
export async function exportHistory(db: IrisDB, options: ExportOptions): Promise<ExportResult> {
	const { labels } = options;
	if (options.format === 'markdown' && !labels) throw new Error('[history] Markdown needs labels');
	const channels = await chosenChannels(db, options.chat_id);
	const byId = new Map(channels.map((c) => [c.chat_id, c]));
	const zip = new ZipWriter();
	const media = new MediaFiles();
	const files: ExportMessageFile[] = [];
	let messages = 0;
	for (const [index, channel] of channels.entries()) {
		const n = String(index + 1).padStart(3, '0');
		const json = options.format === 'json';
		const path = json ? `messages/${n}.json` : `${n}-${safeName(channel.name, channel.chat_id)}.md`;
		let file: ZipTextFile | undefined;
		let count = 0;
		for await (const page of channelPages(db, channel.chat_id)) {
			const rows = page.filter((row) => !row.message_id.startsWith(LOCAL_PREFIX));
			if (rows.length === 0) continue;
			await media.resolve(db, rows);
			if (!file) {
				file = zip.text(path);
				const parent = byId.get(channel.parent_chat_id ?? '');
				file.write(
					json
						? `{"chat_id":${JSON.stringify(channel.chat_id)},"messages":[`
						: channelHeading(exportChannel(channel), parent && exportChannel(parent))
				);
			}
			const text = rows.map((row) =>
				json
					? JSON.stringify(exportMessage(row))
					: messageMarkdown(exportMessage(row), (id) => media.paths.get(id), labels!)
			);
			file.write((json && count > 0 ? ',' : '') + text.join(json ? ',' : ''));
			count += rows.length;
		}
		if (!file) continue;
		file.write(json ? ']}' : '');
		file.end();
		await media.flush(zip);
		files.push({ chat_id: channel.chat_id, path, count });
		messages += count;
	}
	if (options.format === 'json') {
		const manifest: ExportManifest = {
			format: EXPORT_FORMAT,
			version: EXPORT_VERSION,
			exported_at: options.now,
			channels: channels.filter((c) => c.kind !== 'thread').map(exportChannel),
			threads: channels.filter((c) => c.kind === 'thread').map(exportChannel),
			message_files: files,
			media: media.entries
		};
		const file = zip.text(MANIFEST_PATH);
		file.write(JSON.stringify(manifest, null, '\t'));
		file.end();
	}
	const day = new Date(options.now).toISOString().slice(0, 10);
	const one = options.chat_id !== undefined ? byId.get(options.chat_id) : undefined;
	const what = one ? safeName(one.name, 'channel') : 'history';
	return {
		blob: await zip.finish(),
		filename: `iris-${what}-${day}-${options.format === 'json' ? 'json' : 'markdown'}.zip`,
		messages,
		channels: files.length
	};
}
