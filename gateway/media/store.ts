/**
 * The gateway's media: uploads and demo media by `media_id` in the store's media table (bytes by
 * content hash, ../storage/), with the limit it accepts and the test hooks of `/__test/media/…`.
 * Iris uploads keep the client's `media_ref` as their `media_id`, so a re-upload of the same ref
 * points it at the new bytes: one copy per ref.
 */
import type { MediaRef } from '../../src/lib/protocol/iris';
import type { MediaInfo, MediaTable } from '../storage/types';

export type { MediaInfo };

/** Fault injection for e2e tests (only reachable with `IRIS_TEST_HOOKS=1`). */
export interface MediaTestHooks {
	/** Cut the connection once an upload has received more than this many bytes (then cleared). */
	dropAfterBytes?: number;
	/** Answer the next `media.pull` with `media.pull.end{ok:false}` (then cleared). */
	failNextPull?: boolean;
}

export class MediaStore {
	readonly hooks: MediaTestHooks = {};

	/** @param limitBytes the largest upload accepted, bytes. */
	constructor(
		readonly table: MediaTable,
		readonly limitBytes: number
	) {}

	/** Store (or replace) one item; resolves once its bytes and id are durable. */
	put(item: MediaInfo, bytes: Buffer): Promise<void> {
		return this.table.put(item, bytes);
	}

	/** What is stored under `media_id`, if anything. */
	get(media_id: string): MediaInfo | undefined {
		return this.table.get(media_id);
	}

	/** The bytes of `media_id`, verified against their hash (`missing` / `corrupt` otherwise). */
	read(media_id: string): Promise<Buffer | 'missing' | 'corrupt'> {
		return this.table.read(media_id);
	}

	/** Everything stored, oldest first. */
	list(): MediaInfo[] {
		return this.table.list();
	}

	/** The `media_ref` of a stored item, as messages carry it. */
	static ref(item: MediaInfo): MediaRef {
		const ref: MediaRef = { media_id: item.media_id, kind: item.kind, size: item.size };
		if (item.mime !== undefined) ref.mime = item.mime;
		if (item.filename !== undefined) ref.filename = item.filename;
		return ref;
	}
}
