/**
 * The gateway's media store (in memory): uploaded and demo media by `media_id`, with the limit
 * it accepts and the test hooks of `/__test/media/…`. Uploads keep the client's `media_ref` as
 * their `media_id`, so a re-upload of the same ref replaces the copy: one copy per ref.
 */
import type { MediaKind, MediaRef } from '../../src/lib/protocol/iris';

/** One stored piece of media; `size` in bytes, `sha256` lower-case hex. */
export interface StoredMedia {
	media_id: string;
	kind: MediaKind;
	mime?: string;
	filename?: string;
	size: number;
	sha256: string;
	bytes: Buffer;
}

/** Fault injection for e2e tests (only reachable with `IRIS_TEST_HOOKS=1`). */
export interface MediaTestHooks {
	/** Cut the connection once an upload has received more than this many bytes (then cleared). */
	dropAfterBytes?: number;
}

export class MediaStore {
	readonly #items = new Map<string, StoredMedia>();
	readonly hooks: MediaTestHooks = {};

	/** @param limitBytes the largest upload accepted, bytes. */
	constructor(readonly limitBytes: number) {}

	/** Store (or replace) one item. */
	put(item: StoredMedia): void {
		this.#items.set(item.media_id, item);
	}

	/** The item stored under `media_id`, if any. */
	get(media_id: string): StoredMedia | undefined {
		return this.#items.get(media_id);
	}

	/** Everything stored, oldest first. */
	list(): StoredMedia[] {
		return [...this.#items.values()];
	}

	/** The `media_ref` of a stored item, as messages carry it. */
	static ref(item: StoredMedia): MediaRef {
		const ref: MediaRef = { media_id: item.media_id, kind: item.kind, size: item.size };
		if (item.mime !== undefined) ref.mime = item.mime;
		if (item.filename !== undefined) ref.filename = item.filename;
		return ref;
	}
}
