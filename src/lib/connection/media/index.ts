/**
 * Media transfers of the worker (doc/protocol.md "Media"): the upload and download
 * queues on the current link, what to fetch eagerly, and blobs kept in memory when the store is
 * full. `IrisClient` wires it to the link and the worker API.
 */
import type { MediaRef } from '../../protocol/iris/frames';
import type { Clock } from '../../platform/clock';
import type { AttachInput, TransferProgress } from '../../bridge/contract';
import type { IrisDB, MediaRow } from '../../db/schema';
import { addUpload, clearCachedMedia, noteRemoteMedia, updateUpload } from '../../db/media';
import type { Link } from '../link';
import { DownloadQueue } from './downloads';
import { UploadQueue } from './uploads';
import { sha256Hex } from './transfer';

/** Images, voice notes and audio up to this size (bytes) are fetched as soon as they are seen. */
export const EAGER_MAX_BYTES = 8 * 1024 * 1024;

/** Whether media announced by a message is fetched at once, or only when the user asks. */
export function fetchEagerly(row: Pick<MediaRow, 'kind' | 'size'>): boolean {
	if (row.kind !== 'image' && row.kind !== 'voice' && row.kind !== 'audio') return false;
	return row.size === undefined || row.size <= EAGER_MAX_BYTES;
}

/** The measured sizes of an attachment, only those present. */
function metricsOf(input: AttachInput): Pick<AttachInput, 'width' | 'height' | 'duration'> {
	const m: Pick<AttachInput, 'width' | 'height' | 'duration'> = {};
	if (input.width !== undefined) m.width = input.width;
	if (input.height !== undefined) m.height = input.height;
	if (input.duration !== undefined) m.duration = input.duration;
	return m;
}

export interface MediaDeps {
	db: IrisDB;
	clock: Clock;
	emit: (p: TransferProgress) => void;
	report: (line: string) => void;
	/** Uploads settled: the outbox may send (or fail) messages waiting for them. */
	onUploadsSettled: () => void;
	digest?: (data: Uint8Array<ArrayBuffer>) => Promise<string>;
}

export class MediaTransfers {
	readonly #d: MediaDeps;
	readonly #memory = new Map<string, Blob>();
	readonly #uploads: UploadQueue;
	readonly #downloads: DownloadQueue;

	constructor(deps: MediaDeps) {
		this.#d = deps;
		this.#uploads = new UploadQueue({
			db: deps.db,
			clock: deps.clock,
			digest: deps.digest ?? sha256Hex,
			emit: deps.emit,
			report: deps.report,
			onSettled: deps.onUploadsSettled
		});
		this.#downloads = new DownloadQueue({
			db: deps.db,
			clock: deps.clock,
			emit: deps.emit,
			report: deps.report,
			memory: this.#memory
		});
	}

	/** A link is ready (after `sync`): run queued uploads and pulls on it. */
	attach(link: Link): void {
		this.#uploads.attach(link);
		this.#downloads.attach(link);
	}

	/** The link went away: running transfers restart on the next one. */
	detach(): void {
		this.#uploads.detach();
		this.#downloads.detach();
	}

	/** A binary frame from the server: bytes of the running pull. */
	onBinary(data: ArrayBuffer): void {
		this.#downloads.onBinary(data);
	}

	/** Store a file and queue its upload. Rejects if the store refuses it (nothing queued). */
	async addUpload(input: AttachInput): Promise<void> {
		await addUpload(this.#d.db, {
			media_ref: input.media_ref,
			chat_id: input.chat_id,
			kind: input.kind,
			mime: input.mime,
			size: input.blob.size,
			filename: input.filename,
			blob: input.blob,
			now: this.#d.clock.now(),
			...metricsOf(input)
		});
		this.#d.emit({
			media_id: input.media_ref,
			direction: 'up',
			state: 'queued',
			loaded: 0,
			total: input.blob.size
		});
		this.#uploads.kick();
	}

	/** Run queued uploads now if a link is ready (another tab stored one in the shared store). */
	kickUploads(): void {
		this.#uploads.kick();
	}

	/** Cancel an upload (running or queued) and forget its bytes. */
	cancelUpload(media_ref: string): Promise<void> {
		return this.#uploads.cancel(media_ref);
	}

	/** Put failed uploads back in the queue (the user retries their message). */
	async retryUploads(media_refs: readonly string[]): Promise<void> {
		for (const row of await this.#d.db.uploads.bulkGet([...media_refs])) {
			if (row?.state === 'failed') {
				await updateUpload(this.#d.db, row.media_ref, { state: 'queued', error: undefined });
			}
		}
		this.#uploads.kick();
	}

	/** Media seen on a message or offer: remember it, fetch small images and voice now. */
	async announce(refs: readonly MediaRef[]): Promise<void> {
		if (refs.length === 0) return;
		for (const row of await noteRemoteMedia(this.#d.db, refs)) {
			if (fetchEagerly(row)) await this.#downloads.request(row.media_id);
		}
	}

	/** Queue a pull on demand (documents, video, or a retry after a failure). */
	pull(media_id: string): Promise<void> {
		return this.#downloads.request(media_id);
	}

	/**
	 * Forget the cached bytes of media received from the gateway (`clearCachedMedia`), and those
	 * held in memory. Returns how many stored blobs were deleted.
	 */
	async clearCache(): Promise<number> {
		const cleared = await clearCachedMedia(this.#d.db);
		this.#memory.clear();
		return cleared;
	}

	/** Bytes the store refused (quota), kept in memory for this session. */
	memoryBlob(media_id: string): Blob | undefined {
		return this.#memory.get(media_id);
	}
}
