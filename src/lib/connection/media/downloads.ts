/**
 * The download queue (doc/protocol.md "Media"): one `media.pull{media_id}` at a time on a link;
 * the binary frames that follow belong to it until `media.pull.end{ok}` with the same `id`. The
 * bytes must add up to the ref's `size`, else the pull failed and nothing is kept. Stored as a
 * Blob (shown offline); when the store is full, kept in memory ("not available offline").
 * A pull cut by a disconnect is asked again on the next link.
 */
import type { Clock } from '../../platform/clock';
import type { TransferProgress } from '../../bridge/contract';
import type { IrisDB } from '../../db/schema';
import { setMediaState, storeDownloaded } from '../../db/media';
import { DEFAULT_MEDIA_LIMIT_BYTES } from '../../protocol/iris/media';
import { ConnectionClosedError } from '../requests';
import type { Link } from '../link';
import { SerialRunner } from '../serial';
import { ProgressThrottle, Reassembly, transferFailure, transferTimeoutMs } from './transfer';

export interface DownloadDeps {
	db: IrisDB;
	clock: Clock;
	emit: (p: TransferProgress) => void;
	report: (line: string) => void;
	/** Blobs the store refused (quota), by media_id. */
	memory: Map<string, Blob>;
}

/** Assumed size of a pull whose ref has none, for its timeout: the default upload limit. */
const UNKNOWN_SIZE_BYTES = DEFAULT_MEDIA_LIMIT_BYTES;

interface Active {
	media_id: string;
	bytes: Reassembly;
	total: number;
	progress: ProgressThrottle;
}

export class DownloadQueue {
	readonly #d: DownloadDeps;
	readonly #queue: string[] = [];
	#link: Link | null = null;
	#active: Active | null = null;
	readonly #runner = new SerialRunner(() => this.#run());

	constructor(deps: DownloadDeps) {
		this.#d = deps;
	}

	/** A link is ready: pull what waits, including pulls a reload interrupted. */
	attach(link: Link): void {
		this.#link = link;
		this.#d.db.media
			.filter((m) => m.state === 'downloading')
			.primaryKeys()
			.then(
				(ids) => {
					for (const id of ids) if (!this.#queue.includes(id)) this.#queue.push(id);
					this.kick();
				},
				(e: Error) => this.#d.report(`download queue: ${e.message}`)
			);
	}

	/** The link went away: the running pull is asked again on the next one. */
	detach(): void {
		this.#link = null;
	}

	/** Queue a pull of `media_id` (once); it is marked `downloading` at once. */
	async request(media_id: string): Promise<void> {
		if (this.#active?.media_id === media_id || this.#queue.includes(media_id)) return;
		this.#queue.push(media_id);
		await setMediaState(this.#d.db, media_id, 'downloading');
		this.#d.emit({ media_id, direction: 'down', state: 'queued', loaded: 0, total: 0 });
		this.kick();
	}

	/** A binary frame: the running pull's next bytes (ignored when none runs). */
	onBinary(data: ArrayBuffer): void {
		const a = this.#active;
		if (!a) {
			this.#d.report(`binary frame of ${data.byteLength} bytes outside a transfer, ignored`);
			return;
		}
		a.bytes.push(data);
		a.progress.report({
			media_id: a.media_id,
			direction: 'down',
			state: 'active',
			loaded: a.bytes.loaded,
			total: a.total
		});
	}

	/** Run queued pulls now if a link is ready; safe to call at any time. */
	kick(): void {
		this.#runner.kick();
	}

	async #run(): Promise<void> {
		try {
			while (this.#queue.length > 0) {
				const link = this.#link;
				if (!link?.ready) return;
				const media_id = this.#queue[0]!;
				const settled = await this.#pull(link, media_id);
				if (!settled) return;
				this.#queue.shift();
			}
		} catch (e) {
			this.#d.report(`download queue: ${(e as Error).message}`);
		}
	}

	/** One pull; false if the link dropped first (it stays first in the queue). */
	async #pull(link: Link, media_id: string): Promise<boolean> {
		const { db } = this.#d;
		const row = await db.media.get(media_id);
		if (!row) return true;
		const name = row.filename ?? row.kind;
		const active: Active = {
			media_id,
			bytes: new Reassembly(),
			total: row.size ?? 0,
			progress: new ProgressThrottle(this.#d.clock, this.#d.emit)
		};
		this.#active = active;
		active.progress.report({
			media_id,
			direction: 'down',
			state: 'active',
			loaded: 0,
			total: active.total
		});
		try {
			const end = await link.request(
				{ type: 'media.pull', payload: { media_id } },
				{ timeoutMs: transferTimeoutMs(row.size ?? UNKNOWN_SIZE_BYTES) }
			).answer;
			this.#active = null;
			if (end.type !== 'media.pull.end' || !end.payload.ok) {
				// `ok:false` is the gateway's whole answer; any other frame is named for diagnosis.
				const what = end.type === 'media.pull.end' ? '' : ` (${end.type})`;
				throw new Error(`the gateway could not send it${what}`);
			}
			const blob = active.bytes.finish(row.size, row.mime);
			const where = await storeDownloaded(db, media_id, blob);
			if (where === 'memory') {
				this.#d.memory.set(media_id, blob);
				this.#d.report(`${media_id}: storage full, kept in memory (not available offline)`);
			}
			this.#d.emit({
				media_id,
				direction: 'down',
				state: 'done',
				loaded: blob.size,
				total: blob.size
			});
			return true;
		} catch (e) {
			this.#active = null;
			if (e instanceof ConnectionClosedError) {
				this.#d.emit({
					media_id,
					direction: 'down',
					state: 'queued',
					loaded: 0,
					total: active.total
				});
				return false;
			}
			const error = transferFailure(name, e);
			this.#d.report(`pull ${media_id} failed: ${error}`);
			await setMediaState(db, media_id, 'failed', error);
			this.#d.emit({
				media_id,
				direction: 'down',
				state: 'failed',
				loaded: 0,
				total: active.total,
				error
			});
			return true;
		}
	}
}
