/**
 * Iris media transfers over v3's HTTP endpoints (spec "媒体传输流程"), for the v3 adapter. The
 * upload queue sends `media.upload.start`, the bytes and `media.upload.end` as it would on an
 * Iris link; the bridge collects the bytes and `POST`s them on the end, keeping the server's
 * `media_id` in the media row (`remote_id`). A `media.pull` becomes `GET /media/{id}`, its bytes
 * handed on as they arrive. Each call resolves with the Iris answer (without the request `id`).
 */
import type { AppPayloads, ServerFrame } from '../../protocol/iris/frames';
import { CANCEL_SHA256 } from '../../protocol/iris/media';
import type { IrisDB } from '../../db/schema';
import { downloadMedia, HttpError, uploadMedia, type UploadResult } from './http';
import { v3ErrorPayload } from './errors';
import { measureImage } from './measure';
import type { OutgoingMedia } from './outbound';

export interface MediaBridgeDeps {
	db: IrisDB;
	/** The gateway's HTTP base (`v3HttpBase` of the pairing URL). */
	base: string;
	token: string;
	upload?: typeof uploadMedia;
	download?: typeof downloadMedia;
}

/** The upload whose bytes are coming in (one at a time, like on an Iris link). */
interface Collecting {
	media_ref: string;
	chunks: ArrayBuffer[];
	mime?: string;
	filename?: string;
}

export class HttpMediaBridge {
	readonly #d: MediaBridgeDeps;
	#collecting: Collecting | null = null;
	#uploading = 0;

	constructor(deps: MediaBridgeDeps) {
		this.#d = deps;
	}

	/** Bytes of the running `POST` not yet sent (the socket's `bufferedAmount` adds them). */
	get pending(): number {
		return this.#uploading;
	}

	/** `media.upload.start`: collect the bytes that follow. */
	start(p: AppPayloads['media.upload.start']): void {
		this.#collecting = {
			media_ref: p.media_ref,
			chunks: [],
			...(p.mime ? { mime: p.mime } : {}),
			...(p.filename ? { filename: p.filename } : {})
		};
	}

	/** A binary frame of the upload being collected (ignored when none is). */
	chunk(data: ArrayBufferLike | ArrayBufferView): void {
		const c = this.#collecting;
		if (!c) return;
		const view = ArrayBuffer.isView(data)
			? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
			: new Uint8Array(data);
		c.chunks.push(view.slice().buffer);
	}

	/**
	 * `media.upload.end`: `POST` the bytes; `media.offer` (the upload's ref) when stored, `error`
	 * when refused (413 → `media_too_large`) or cancelled (`CANCEL_SHA256`).
	 */
	async end(media_ref: string, sha256: string): Promise<ServerFrame> {
		const c = this.#collecting;
		this.#collecting = null;
		if (!c || c.media_ref !== media_ref || sha256 === CANCEL_SHA256) {
			return { v: 1, type: 'error', payload: { code: 'internal', message: 'upload cancelled' } };
		}
		const blob = new Blob(c.chunks, c.mime ? { type: c.mime } : {});
		const filename = c.filename ?? 'file';
		let result: UploadResult;
		this.#uploading = blob.size;
		try {
			result = await (this.#d.upload ?? uploadMedia)(
				this.#d.base,
				this.#d.token,
				{ blob, filename },
				(loaded, total) => (this.#uploading = Math.max(0, total - loaded))
			);
		} catch (e) {
			const code =
				e instanceof HttpError && e.status === 413
					? 'file_too_large'
					: e instanceof HttpError
						? e.code
						: undefined;
			return {
				v: 1,
				type: 'error',
				payload: v3ErrorPayload(code ?? 'upload_failed', (e as Error).message)
			};
		} finally {
			this.#uploading = 0;
		}
		const db = this.#d.db;
		const row = await db.media.get(media_ref);
		const dims = row?.kind === 'image' && row.width === undefined ? await measureImage(blob) : {};
		await db.media.update(media_ref, { remote_id: result.media_id, ...dims });
		return {
			v: 1,
			type: 'media.offer',
			payload: {
				media_id: media_ref,
				...(row?.kind ? { kind: row.kind } : {}),
				size: blob.size,
				...(c.mime ? { mime: c.mime } : {}),
				filename
			}
		};
	}

	/** `media.pull`: `GET` the bytes into `onChunk`; `media.pull.end` or `error` (404 → `not_found`). */
	async pull(media_id: string, onChunk: (chunk: ArrayBuffer) => void): Promise<ServerFrame> {
		// Our own uploads are shown under their local ref; the gateway knows them by its id.
		const remote = (await this.#d.db.media.get(media_id))?.remote_id ?? media_id;
		try {
			await (this.#d.download ?? downloadMedia)(this.#d.base, this.#d.token, remote, onChunk);
		} catch (e) {
			const { message } = v3ErrorPayload('internal', (e as Error).message);
			const code = e instanceof HttpError && e.status === 404 ? 'not_found' : 'internal';
			return { v: 1, type: 'error', payload: { code, ...(message ? { message } : {}) } };
		}
		return { v: 1, type: 'media.pull.end', payload: { ok: true } };
	}

	/** The uploaded attachments of a message, as its v3 `media` needs them. Throws for one not uploaded. */
	async outgoing(media_refs: readonly string[]): Promise<OutgoingMedia[]> {
		const rows = await this.#d.db.media.bulkGet([...media_refs]);
		return rows.map((row, i) => {
			if (!row?.remote_id) throw new Error(`attachment ${media_refs[i]} was not uploaded`);
			const m: OutgoingMedia = {
				kind: row.kind,
				id: row.remote_id,
				name: row.filename ?? 'file',
				mime: row.mime ?? 'application/octet-stream',
				size: row.size ?? 0
			};
			if (row.width !== undefined) m.width = row.width;
			if (row.height !== undefined) m.height = row.height;
			if (row.duration !== undefined) m.duration = row.duration;
			return m;
		});
	}
}
