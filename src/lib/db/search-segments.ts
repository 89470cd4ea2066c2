/**
 * The persisted form of the local search index (doc/search.md "Storage"): append-only segments,
 * one per indexed batch. A segment lists the messages it (re)indexes with their tokens, and the
 * messages and channels it removes. Replaying all segments in `seq` order gives the index; the
 * worker rewrites them into a few large ones when too many pile up.
 */
import type { IrisDB } from './schema';

/** One indexed message: id, channel, role, `ts` epoch ms, text hash, tokens joined by `\n`. */
export type SegmentDoc = [
	message_id: string,
	chat_id: string,
	role: string,
	ts: number,
	hash: number,
	tokens: string
];

/** A stored segment. `seq` increases: later segments override earlier ones. */
export interface SearchSegmentRow {
	seq?: number;
	docs: SegmentDoc[];
	/** Messages no longer indexed. */
	removed?: string[];
	/** Channels whose messages all left the index. */
	removed_chats?: string[];
}

/** Append one segment (its own transaction). Rejects if the store refuses it (quota, closed). */
export async function appendSegment(db: IrisDB, segment: SearchSegmentRow): Promise<void> {
	await db.search_segments.add(segment);
}

/** Every segment in order, `onSegment` called on each (reads in pages, not all rows at once). */
export async function readSegments(
	db: IrisDB,
	onSegment: (segment: SearchSegmentRow) => void,
	pageSize = 50
): Promise<number> {
	let after = 0;
	let count = 0;
	for (;;) {
		const page = await db.search_segments.where('seq').above(after).limit(pageSize).toArray();
		for (const s of page) onSegment(s);
		count += page.length;
		if (page.length < pageSize) return count;
		after = page.at(-1)!.seq!;
	}
}

/** Segments left after compaction hold this many messages each. */
const COMPACT_CHUNK = 5000;

/**
 * Rewrite every segment as few large ones holding only the live, latest version of each message,
 * in one transaction (so no append is lost in between). Returns the number of segments written.
 */
export async function compactSegments(db: IrisDB): Promise<number> {
	return db.transaction('rw', db.search_segments, async () => {
		const live = new Map<string, SegmentDoc>();
		await db.search_segments.each((s) => {
			for (const chat of s.removed_chats ?? []) {
				for (const [id, doc] of live) if (doc[1] === chat) live.delete(id);
			}
			for (const id of s.removed ?? []) live.delete(id);
			for (const doc of s.docs) {
				// Re-insert so the Map's order stays the order of indexing.
				live.delete(doc[0]);
				live.set(doc[0], doc);
			}
		});
		const docs = [...live.values()];
		const segments: SearchSegmentRow[] = [];
		for (let i = 0; i < docs.length; i += COMPACT_CHUNK) {
			segments.push({ docs: docs.slice(i, i + COMPACT_CHUNK) });
		}
		await db.search_segments.clear();
		await db.search_segments.bulkAdd(segments);
		return segments.length;
	});
}
