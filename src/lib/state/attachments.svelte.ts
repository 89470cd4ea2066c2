/**
 * The files attached in a composer before sending: each is checked against the size
 * limit first (refused with a message, nothing uploaded), then handed to the worker, which stores
 * and uploads it while the user types. Removing one cancels its upload. Attachments not sent yet
 * come back after a reload, like the draft text.
 */
import { DEFAULT_MEDIA_LIMIT_BYTES, kindOfMime } from '../protocol/iris/media';
import { m } from '../i18n';
import { formatBytes } from '../i18n/format';
import type { MediaKind } from '../protocol/iris/frames';
import type { AppState } from './app.svelte';
import { probeMedia } from '../platform/media-probe';

/** One attached file; `size` in bytes. */
export interface Attachment {
	media_ref: string;
	filename: string;
	mime: string;
	size: number;
	kind: MediaKind;
	/** Where the upload stood when restored after a reload (live progress comes as events). */
	restored?: { state: 'queued' | 'done' | 'failed'; error?: string };
}

export class Attachments {
	items = $state<Attachment[]>([]);
	/** Why files were refused or could not be stored, for people (shown as an alert). */
	problems = $state<string[]>([]);
	readonly #app: AppState;
	readonly #limit: number;

	/**
	 * @param chat_id the channel whose composer this is.
	 * @param limitBytes the client-side upload limit, bytes (default 50 MiB).
	 */
	constructor(
		app: AppState,
		readonly chat_id: string,
		limitBytes = DEFAULT_MEDIA_LIMIT_BYTES
	) {
		this.#app = app;
		this.#limit = limitBytes;
		// The upload rows' code on demand (the chat's first render does not need it).
		import('../db/media')
			.then(({ draftUploads }) => draftUploads(app.store.db, chat_id))
			.then(
				(rows) => {
					const known = this.items.map((a) => a.media_ref);
					const restored = rows
						.filter(({ media }) => !known.includes(media.media_id))
						.map(({ media, upload }) => ({
							media_ref: media.media_id,
							filename: media.filename ?? 'file',
							mime: media.mime ?? 'application/octet-stream',
							size: media.size ?? 0,
							kind: media.kind,
							restored: { state: upload.state, ...(upload.error ? { error: upload.error } : {}) }
						}));
					this.items = [...restored, ...this.items];
				},
				(e: unknown) => console.error('[media] could not restore attachments', e)
			);
	}

	/** Attach files (picker, drop, paste). `kind` overrides the guess. */
	async add(files: readonly File[], kind?: MediaKind): Promise<void> {
		this.problems = [];
		for (const file of files) {
			const item = await this.#store(file, kind);
			if (item) this.items = [...this.items, item];
		}
	}

	/**
	 * Store and upload one file without listing it in the tray, for a message of its own (a
	 * voice note sent from the recording bar). Resolves to its `media_ref`, or null when it was
	 * refused (`problems` says why).
	 */
	async stage(file: File, kind?: MediaKind): Promise<string | null> {
		this.problems = [];
		return (await this.#store(file, kind))?.media_ref ?? null;
	}

	/** Check one file against the limit, then hand it to the worker; null (and a problem) if not. */
	async #store(file: File, kind?: MediaKind): Promise<Attachment | null> {
		if (file.size > this.#limit) {
			const problem = m.attach_too_large({
				name: file.name,
				size: formatBytes(file.size),
				limit: formatBytes(this.#limit)
			});
			this.problems = [...this.problems, problem];
			return null;
		}
		const mime = file.type || 'application/octet-stream';
		const item: Attachment = {
			media_ref: crypto.randomUUID(),
			filename: file.name || 'file',
			mime,
			size: file.size,
			kind: kind ?? kindOfMime(mime)
		};
		try {
			const metrics = await probeMedia(file, item.kind);
			await this.#app.commands.attach({ ...item, ...metrics, chat_id: this.chat_id, blob: file });
			return item;
		} catch (e) {
			this.problems = [
				...this.problems,
				m.attach_not_stored({ name: item.filename, error: (e as Error).message })
			];
			return null;
		}
	}

	/** Remove one attachment and cancel its upload. */
	async remove(media_ref: string): Promise<void> {
		this.items = this.items.filter((a) => a.media_ref !== media_ref);
		await this.#app.commands.cancelUpload(media_ref);
	}

	/** Where an attachment's upload stands: the latest event, else what the store said. */
	status(a: Attachment): { state: string; error?: string } | undefined {
		return this.#app.transfers[a.media_ref] ?? a.restored;
	}

	/** Attachments whose upload failed (sending is blocked until they are removed). */
	get failed(): Attachment[] {
		return this.items.filter((a) => this.status(a)?.state === 'failed');
	}

	/** Hand the attachments over to a sent message. */
	take(): string[] {
		const refs = this.items.map((a) => a.media_ref);
		this.items = [];
		this.problems = [];
		return refs;
	}
}
