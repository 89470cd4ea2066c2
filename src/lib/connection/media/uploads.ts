/**
 * The upload queue (doc/protocol.md "Media"): one upload at a time on a link, oldest first:
 * `media.upload.start` (with `id`) → binary frames of at most 64 KiB, in order →
 * `media.upload.end{media_ref, sha256}` (with `id`), done when the end is answered.
 *
 * A transfer cut by a disconnect stays queued and restarts from byte 0 on the next link (the
 * server drops a partial transfer; the same `media_ref` again replaces it). A server `error`
 * (`media_too_large`, `unsupported`, a hash mismatch) fails that upload only; the message that
 * waits for it is then marked not delivered by the outbox. Cancel ends a running transfer with a
 * hash that cannot match (`CANCEL_SHA256`), since the protocol has no cancel frame.
 */
import type { Clock } from '../../platform/clock';
import type { TransferProgress } from '../../bridge/contract';
import type { IrisDB, UploadRow } from '../../db/schema';
import { getBlob, queuedUploads, removeUpload, updateUpload } from '../../db/media';
import { CANCEL_SHA256, chunkRanges } from '../../protocol/iris/media';
import { ConnectionClosedError } from '../requests';
import type { Link } from '../link';
import { SerialRunner } from '../serial';
import { ProgressThrottle, Refusal, transferFailure, transferTimeoutMs } from './transfer';

export interface UploadDeps {
	db: IrisDB;
	clock: Clock;
	/** Hex SHA-256 of the bytes. */
	digest: (data: Uint8Array<ArrayBuffer>) => Promise<string>;
	emit: (p: TransferProgress) => void;
	/** An upload finished or failed: messages waiting for it may now go (or fail). */
	onSettled: () => void;
	report: (line: string) => void;
	/** Wait while the socket holds more than this many unsent bytes. Default 1 MiB. */
	highWaterBytes?: number;
	/** Poll interval of that wait, ms. Default 10. */
	drainPollMs?: number;
}

/** Frames sent between two yields to the event loop. */
const YIELD_EVERY = 16;

/** One macrotask turn (not a delay: no clock involved). */
function yieldTask(): Promise<void> {
	return new Promise((resolve) => globalThis.setTimeout(resolve, 0));
}

/** The running transfer, for cancel. */
interface Active {
	media_ref: string;
	cancelled: boolean;
}

export class UploadQueue {
	readonly #d: UploadDeps;
	#link: Link | null = null;
	#active: Active | null = null;
	readonly #runner = new SerialRunner(() => this.#run());

	constructor(deps: UploadDeps) {
		this.#d = deps;
	}

	/** A link is ready: run what waits. */
	attach(link: Link): void {
		this.#link = link;
		this.kick();
	}

	/** The link went away; the running transfer fails with it and is restarted later. */
	detach(): void {
		this.#link = null;
	}

	/** Run queued uploads now if a link is ready; safe to call at any time. */
	kick(): void {
		this.#runner.kick();
	}

	/** Cancel an upload (running or queued) and forget its bytes. */
	async cancel(media_ref: string): Promise<void> {
		if (this.#active?.media_ref === media_ref) this.#active.cancelled = true;
		await removeUpload(this.#d.db, media_ref);
		this.#d.emit({ media_id: media_ref, direction: 'up', state: 'cancelled', loaded: 0, total: 0 });
		this.#d.onSettled();
	}

	async #run(): Promise<void> {
		try {
			for (;;) {
				const link = this.#link;
				if (!link?.ready) return;
				const next = (await queuedUploads(this.#d.db))[0];
				if (!next) return;
				const settled = await this.#transfer(link, next);
				if (!settled) return; // Cut by a disconnect: the next link restarts it.
			}
		} catch (e) {
			this.#d.report(`upload queue: ${(e as Error).message}`);
		}
	}

	/** One upload; false if the link dropped before it settled (it stays queued). */
	async #transfer(link: Link, row: UploadRow): Promise<boolean> {
		const { db } = this.#d;
		const media_ref = row.media_ref;
		const media = await db.media.get(media_ref);
		const blob = await getBlob(db, media_ref);
		const name = media?.filename ?? 'file';
		if (!media || !blob) {
			await this.#fail(media_ref, `"${name}" is no longer stored on this device`, 0);
			return true;
		}
		const active: Active = { media_ref, cancelled: false };
		this.#active = active;
		const total = blob.size;
		const progress = new ProgressThrottle(this.#d.clock, this.#d.emit);
		progress.report({ media_id: media_ref, direction: 'up', state: 'active', loaded: 0, total });
		try {
			const bytes = new Uint8Array(await blob.arrayBuffer());
			let sha256 = row.sha256;
			if (!sha256) {
				sha256 = await this.#d.digest(bytes);
				await updateUpload(db, media_ref, { sha256 });
			}
			if (!link.ready) return false;
			// A refusal may come while the bytes go out: keep the start pending as long as they take.
			const start = link.request(
				{
					type: 'media.upload.start',
					payload: {
						media_ref,
						kind: media.kind,
						size: total,
						...(media.mime ? { mime: media.mime } : {}),
						...(media.filename ? { filename: media.filename } : {})
					}
				},
				{ timeoutMs: transferTimeoutMs(total) }
			);
			const refusal = new Refusal(start.answer);
			const sent = await this.#sendChunks(link, bytes, active, refusal, progress);
			if (sent === 'closed') return false;
			if (active.cancelled) {
				if (link.ready) {
					link
						.request({ type: 'media.upload.end', payload: { media_ref, sha256: CANCEL_SHA256 } })
						.answer.catch(() => {
							// The gateway discards the transfer; its error answer is expected.
						});
				}
				return true;
			}
			if (refusal.error) throw refusal.error;
			// The answer comes after the server got what the socket still buffers.
			const end = link.request(
				{ type: 'media.upload.end', payload: { media_ref, sha256 } },
				{ timeoutMs: transferTimeoutMs(link.bufferedAmount) }
			);
			try {
				await Promise.race([end.answer, refusal.promise]);
			} catch (e) {
				throw refusal.error ?? e;
			}
			if (active.cancelled) return true;
			await updateUpload(db, media_ref, { state: 'done' });
			this.#d.emit({ media_id: media_ref, direction: 'up', state: 'done', loaded: total, total });
			this.#d.report(`uploaded ${media_ref} (${total} bytes)`);
			this.#d.onSettled();
			return true;
		} catch (e) {
			if (active.cancelled) return true;
			if (e instanceof ConnectionClosedError || !link.ready) {
				this.#d.emit({ media_id: media_ref, direction: 'up', state: 'queued', loaded: 0, total });
				return false;
			}
			await this.#fail(media_ref, transferFailure(name, e), total);
			return true;
		} finally {
			if (this.#active === active) this.#active = null;
		}
	}

	/**
	 * Send the bytes in order, ≤ 64 KiB per frame, with backpressure; stops early on a refusal or
	 * a cancel (`stopped`), and reports `closed` if the link went away.
	 */
	async #sendChunks(
		link: Link,
		bytes: Uint8Array,
		active: Active,
		refusal: Refusal,
		progress: ProgressThrottle
	): Promise<'sent' | 'stopped' | 'closed'> {
		const total = bytes.length;
		for (const [i, [from, to]] of chunkRanges(total).entries()) {
			if (refusal.error || active.cancelled) return 'stopped';
			// Let socket events (a refusal, a close) and a cancel in between the frames.
			if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldTask();
			await this.#drain(link, active);
			if (active.cancelled) return 'stopped';
			if (!link.ready) return 'closed';
			link.sendBinary(bytes.subarray(from, to));
			const media_id = active.media_ref;
			progress.report({ media_id, direction: 'up', state: 'active', loaded: to, total });
		}
		return 'sent';
	}

	async #fail(media_ref: string, error: string, total: number): Promise<void> {
		this.#d.report(`upload ${media_ref} failed: ${error}`);
		await updateUpload(this.#d.db, media_ref, { state: 'failed', error });
		this.#d.emit({
			media_id: media_ref,
			direction: 'up',
			state: 'failed',
			loaded: 0,
			total,
			error
		});
		this.#d.onSettled();
	}

	/** Wait until the socket has room (backpressure), the link is gone, or the user cancels. */
	async #drain(link: Link, active: Active): Promise<void> {
		const high = this.#d.highWaterBytes ?? 1024 * 1024;
		const poll = this.#d.drainPollMs ?? 10;
		while (link.ready && !active.cancelled && link.bufferedAmount > high) {
			await new Promise<void>((resolve) => this.#d.clock.setTimeout(resolve, poll));
		}
	}
}
