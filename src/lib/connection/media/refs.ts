/**
 * Media refs as messages carry them: built for a local message from its uploads, and a standalone
 * `media.offer` turned into a message so it shows in the conversation like any other media.
 */
import type { MediaRef, ServerFrame, ServerFrameOf } from '../../protocol/iris/frames';
import type { IrisDB } from '../../db/schema';

/** Prefix of the `message_id` of a message made from a `media.offer` (one per `media_id`). */
export const OFFER_PREFIX = 'offer:';

/** The `media_ref`s of uploads as `MediaRef`s (`media_id` = `media_ref`), in the given order. */
export async function mediaRefsOf(db: IrisDB, media_refs: readonly string[]): Promise<MediaRef[]> {
	const rows = await db.media.bulkGet([...media_refs]);
	return media_refs.map((media_id, i) => {
		const row = rows[i];
		const ref: MediaRef = { media_id, kind: row?.kind ?? 'document' };
		if (row?.mime !== undefined) ref.mime = row.mime;
		if (row?.size !== undefined) ref.size = row.size;
		if (row?.filename !== undefined) ref.filename = row.filename;
		return ref;
	});
}

/**
 * An assistant `message` holding an offered piece of media (same scope), keyed by its `media_id`
 * so a replayed offer is applied idempotently. No `ts`: the store dates it when first applied and
 * keeps that date on a replay.
 */
export function offerAsMessage(offer: ServerFrameOf<'media.offer'>): ServerFrame {
	return {
		v: 1,
		type: 'message',
		...(offer.chat_id !== undefined ? { chat_id: offer.chat_id } : {}),
		...(offer.thread_id !== undefined ? { thread_id: offer.thread_id } : {}),
		payload: {
			message_id: OFFER_PREFIX + offer.payload.media_id,
			role: 'assistant',
			text: '',
			media: [offer.payload]
		}
	};
}
