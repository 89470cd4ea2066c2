/**
 * One piece of media as a view shows it: its row and bytes from the store (`liveQuery`), and an
 * object URL for the bytes that is revoked as soon as the bytes change or the view goes away.
 * Bytes the store refused (quota) come from the worker's memory instead ("not available offline").
 *
 * The URL never carries an active type (doc/security.md "Media from the agent"): a file whose
 * type is not safe inline gets an `application/octet-stream` URL (a download), and an SVG image
 * also a `data:` URL for `<img>` (`svgUrl`).
 */
import type { MediaRow } from '../db/schema';
import { presentationOf, type MediaPresentation } from '../protocol/media-types';
import { safeObjectUrl, svgDataUrl } from '../platform/safe-object-url';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';

interface Stored {
	row: MediaRow | undefined;
	blob: Blob | undefined;
}

export class MediaView {
	/** Object URL of the bytes (safe type), or null while they are not here. */
	url = $state<string | null>(null);
	/** How the bytes may be shown, by their type; 'download' until they are here. */
	presentation = $state<MediaPresentation>('download');
	/** For an SVG: a `data:` URL to show it as an image (`<img>` only), once read. */
	svgUrl = $state<string | null>(null);
	readonly #query: LiveQuery<Stored>;
	#blob: Blob | undefined;
	#disposed = false;

	/** `memoryBlob` asks the worker for bytes the store could not keep. */
	constructor(
		store: Store,
		media_id: string,
		memoryBlob: (media_id: string) => Promise<Blob | undefined>
	) {
		this.#query = new LiveQuery<Stored>(
			store,
			async (db) => ({
				row: await db.media.get(media_id),
				blob: (await db.media_blobs.get(media_id))?.blob
			}),
			{ row: undefined, blob: undefined },
			(value) => {
				if (value.blob) this.#show(value.blob);
				else if (value.row?.state === 'memory') {
					memoryBlob(media_id).then(
						(blob) => blob && this.#show(blob),
						() => {}
					);
				} else this.#hide();
			}
		);
	}

	/** The stored row (state, error), once loaded. */
	get row(): MediaRow | undefined {
		return this.#query.current.row;
	}

	/** The bytes, when here. */
	get blob(): Blob | undefined {
		return this.#blob;
	}

	/** Whether the bytes are kept for offline use. */
	get offline(): boolean {
		return this.#query.current.blob !== undefined;
	}

	#show(blob: Blob): void {
		if (this.#disposed || blob === this.#blob) return;
		if (this.url) URL.revokeObjectURL(this.url);
		this.#blob = blob;
		this.url = safeObjectUrl(blob);
		this.presentation = presentationOf(blob.type);
		this.svgUrl = null;
		if (this.presentation === 'svg') {
			svgDataUrl(blob).then(
				(url) => {
					if (this.#blob === blob && !this.#disposed) this.svgUrl = url;
				},
				(e: unknown) => console.error('[media] could not read an SVG', e)
			);
		}
	}

	/** The bytes are gone (Settings › Clear cached media): back to "not here". */
	#hide(): void {
		if (!this.#blob) return;
		if (this.url) URL.revokeObjectURL(this.url);
		this.#blob = undefined;
		this.url = null;
		this.svgUrl = null;
		this.presentation = 'download';
	}

	dispose(): void {
		this.#disposed = true;
		this.#query.dispose();
		if (this.url) URL.revokeObjectURL(this.url);
		this.url = null;
	}
}
