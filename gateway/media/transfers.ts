/**
 * Media transfers on one gateway connection (doc/protocol.md "Media"). Upload:
 * `media.upload.start` → binary frames → `media.upload.end{sha256}`; size, MIME type and hash are
 * checked, and only a complete, matching upload is stored (answered with `media.offer` carrying the
 * end's `id` once its bytes are on disk). An `error` during a transfer ends it and nothing of it is kept; a dropped connection
 * drops its partial upload. Pull: `media.pull` → binary frames of ≤ 64 KiB → `media.pull.end{ok}`.
 */
import { createHash } from 'node:crypto';
import {
	frame,
	MEDIA_CHUNK_BYTES,
	chunkRanges,
	type AppFrame,
	type AppFrameOf
} from '../../src/lib/protocol/iris';
import { errorFrame } from '../errors';
import type { Hub, Peer } from '../hub';
import { mimeProblem, sizeProblemBytes } from './policy';
import { MediaStore } from './store';

/** Raw socket operations the transfers need besides sending frames. */
export interface TransferIO {
	sendBinary(data: Buffer): void;
	/** Cut the connection at once (test hook). */
	drop(): void;
}

interface Upload {
	id: number | undefined;
	start: AppFrameOf<'media.upload.start'>['payload'];
	chunks: Buffer[];
	received: number;
}

/** The media frames of one connection; at most one upload and one pull at a time. */
export class MediaTransfers {
	#upload: Upload | null = null;
	#pulls: Promise<void> = Promise.resolve();
	/** Binary frames outside an upload are answered once, not once per frame. */
	#strayAnswered = false;
	/**
	 * The last upload was refused or ended early: the app may have sent its bytes right behind
	 * the start (it does not wait for an answer), so binary frames until its next text frame are
	 * that upload's and are dropped without a word (an error would read as a protocol fault).
	 */
	#discarding = false;

	constructor(
		private readonly hub: Hub,
		private readonly peer: Peer,
		private readonly io: TransferIO
	) {}

	/** Handle a media frame; false for any other type. */
	handle(f: AppFrame): boolean {
		// A text frame comes after whatever bytes the app had sent for a refused upload.
		this.#discarding = false;
		switch (f.type) {
			case 'media.upload.start':
				this.#start(f);
				return true;
			case 'media.upload.end':
				this.#end(f);
				return true;
			case 'media.pull':
				this.#pull(f);
				return true;
			default:
				return false;
		}
	}

	/** One binary frame from the app: the running upload's next bytes. */
	binary(data: Buffer): void {
		const u = this.#upload;
		if (!u) {
			if (this.#discarding) return;
			if (!this.#strayAnswered) {
				this.#strayAnswered = true;
				this.peer.send(errorFrame('unsupported', 'binary frame outside an upload'));
			}
			return;
		}
		u.received += data.length;
		if (u.received > u.start.size) {
			this.#abort(u, 'media_too_large', `more bytes than the announced ${u.start.size}`);
			return;
		}
		u.chunks.push(data);
		const dropAt = this.hub.media.hooks.dropAfterBytes;
		if (dropAt !== undefined && u.received > dropAt) {
			delete this.hub.media.hooks.dropAfterBytes;
			this.hub.log(
				`test hook: dropping the connection mid-upload of ${u.start.media_ref} at ${u.received} bytes`
			);
			this.#upload = null;
			this.io.drop();
		}
	}

	#start(f: AppFrameOf<'media.upload.start'>): void {
		const p = f.payload;
		if (this.#upload)
			this.hub.log(`upload ${this.#upload.start.media_ref} replaced before its end`);
		this.#upload = null;
		const tooLarge = sizeProblemBytes(p.size, this.hub.media.limitBytes);
		if (tooLarge) {
			this.hub.log(`upload ${p.media_ref} refused: ${tooLarge}`);
			this.peer.send(errorFrame('media_too_large', tooLarge, f.id));
			this.#discarding = true;
			return;
		}
		const badType = mimeProblem(p.kind, p.mime);
		if (badType) {
			this.hub.log(`upload ${p.media_ref} refused: ${badType}`);
			this.peer.send(errorFrame('unsupported', badType, f.id));
			this.#discarding = true;
			return;
		}
		this.#strayAnswered = false;
		this.#upload = { id: f.id, start: p, chunks: [], received: 0 };
		this.hub.log(
			`upload ${p.media_ref} started (${p.kind}, ${p.mime ?? 'no type'}, ${p.size} bytes)`
		);
	}

	#end(f: AppFrameOf<'media.upload.end'>): void {
		const u = this.#upload;
		const { media_ref, sha256 } = f.payload;
		if (!u || u.start.media_ref !== media_ref) {
			this.peer.send(errorFrame('not_found', `no upload of ${media_ref} in progress`, f.id));
			return;
		}
		this.#upload = null;
		const bytes = Buffer.concat(u.chunks);
		if (bytes.length !== u.start.size) {
			this.#reject(f.id, media_ref, `received ${bytes.length} of ${u.start.size} bytes`);
			return;
		}
		const actual = createHash('sha256').update(bytes).digest('hex');
		if (actual !== sha256.toLowerCase()) {
			this.#reject(f.id, media_ref, `sha256 mismatch (got ${actual})`);
			return;
		}
		const id = f.id;
		// `media_ref` becomes the stored id: it must not replace what another upload (or the
		// agent) stored under it. The same bytes again (an end whose answer was lost) are fine.
		const existing = this.hub.media.get(media_ref);
		if (existing) {
			if (existing.sha256 === actual && existing.size === bytes.length) {
				this.peer.send(frame('media.offer', MediaStore.ref(existing), { id }));
			} else {
				this.hub.log(`upload ${media_ref} refused: that media id is taken`);
				this.peer.send(errorFrame('unsupported', `media_ref "${media_ref}" is taken`, id));
			}
			return;
		}
		const { kind, mime, filename } = u.start;
		const item = { media_id: media_ref, kind, mime, filename, size: bytes.length, sha256: actual };
		this.hub.media.put(item, bytes).then(
			() => {
				this.hub.log(`media stored ${media_ref} ${bytes.length} bytes sha256=${actual}`);
				this.peer.send(frame('media.offer', MediaStore.ref(item), { id }));
			},
			(e: unknown) => {
				// A full disk, typically: the upload is lost, the gateway is not.
				this.hub.log(`storage: upload ${media_ref} could not be stored: ${String(e)}`);
				this.peer.send(errorFrame('internal', 'the gateway could not store this upload', id));
			}
		);
	}

	/**
	 * Pulls run one after another (the bytes of two must never interleave); each reads its file
	 * (verified against its hash), then writes all its binary frames and its end at once.
	 */
	#pull(f: AppFrameOf<'media.pull'>): void {
		this.#pulls = this.#pulls.then(() => this.#runPull(f));
	}

	async #runPull(f: AppFrameOf<'media.pull'>): Promise<void> {
		const { media_id } = f.payload;
		const item = this.hub.media.get(media_id);
		if (!item) {
			this.peer.send(errorFrame('not_found', `unknown media_id "${media_id}"`, f.id));
			return;
		}
		if (this.hub.media.hooks.failNextPull) {
			this.hub.media.hooks.failNextPull = false;
			this.hub.log(`test hook: media pull ${media_id} failed on purpose`);
			this.peer.send(frame('media.pull.end', { ok: false }, { id: f.id }));
			return;
		}
		const bytes = await this.hub.media.read(media_id).catch(() => 'missing' as const);
		if (typeof bytes === 'string') {
			this.hub.log(`media pull ${media_id} failed: the stored bytes are ${bytes}`);
			this.peer.send(frame('media.pull.end', { ok: false }, { id: f.id }));
			return;
		}
		for (const [from, to] of chunkRanges(bytes.length, MEDIA_CHUNK_BYTES)) {
			this.io.sendBinary(bytes.subarray(from, to));
		}
		this.peer.send(frame('media.pull.end', { ok: true }, { id: f.id }));
		this.hub.log(`media pulled ${media_id} (${item.size} bytes)`);
	}

	#abort(u: Upload, code: 'media_too_large', message: string): void {
		this.#upload = null;
		this.#discarding = true;
		this.hub.log(`upload ${u.start.media_ref} ended: ${message}`);
		this.peer.send(errorFrame(code, message, u.id));
	}

	#reject(id: number | undefined, media_ref: string, why: string): void {
		this.hub.log(`upload ${media_ref} discarded: ${why}`);
		this.peer.send(errorFrame('internal', `upload discarded: ${why}`, id));
	}
}
