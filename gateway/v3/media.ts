/**
 * v3 media in the gateway's media store: storing an upload (a fresh `med_…` id), and checking a
 * v3 media message against what the store holds (spec "媒体传输流程": the app uploads first, then
 * sends the message with the `media_id`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { kindOfMime, type MediaKind } from '../../src/lib/protocol/iris';
import type { V3ErrorCode, V3FrameOf, V3MediaType } from '../../src/lib/protocol/hermes-v3';
import { mimeProblem } from '../media/policy';
import type { MediaInfo, MediaStore } from '../media/store';

/**
 * Store `bytes` under a new unguessable id `med_<uuid>` (media ids work as capabilities of the
 * token holder); resolves with the stored item once it is durable. `kind` defaults to the MIME
 * type's.
 */
export async function storeV3Media(
	store: MediaStore,
	file: { name: string; mime: string; bytes: Buffer; kind?: MediaKind }
): Promise<MediaInfo> {
	const item: MediaInfo = {
		media_id: `med_${randomUUID().replaceAll('-', '')}`,
		kind: file.kind ?? kindOfMime(file.mime),
		mime: file.mime,
		filename: file.name,
		size: file.bytes.length,
		sha256: createHash('sha256').update(file.bytes).digest('hex')
	};
	await store.put(item, file.bytes);
	return item;
}

/** The store kind a v3 media type is kept as. */
export const KIND_OF_V3: Readonly<Record<V3MediaType, MediaKind>> = {
	image: 'image',
	voice: 'voice',
	video: 'video',
	file: 'document'
};

/**
 * Why a media message cannot be taken, or null: its `media.id` was never uploaded
 * (`upload_failed`), its declared size is over the gateway's limit (`file_too_large`), or its
 * MIME type does not fit the message type or is refused (`unsupported`).
 */
export function mediaRefProblem(
	store: MediaStore,
	f: V3FrameOf<V3MediaType>
): { code: V3ErrorCode; text: string } | null {
	const { media } = f.data;
	if (media.size > store.limitBytes) {
		const text = `${media.size} bytes is over the gateway's limit of ${store.limitBytes} bytes`;
		return { code: 'file_too_large', text };
	}
	if (!store.get(media.id)) {
		const text = `media "${media.id}" was not uploaded (POST /api/media/upload first)`;
		return { code: 'upload_failed', text };
	}
	const mime = mimeProblem(KIND_OF_V3[f.type], media.type);
	return mime ? { code: 'unsupported', text: mime } : null;
}
