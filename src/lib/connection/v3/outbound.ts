/**
 * The app's outgoing message → v3 frames (spec "text", "image" … "file"). A message with several
 * attachments becomes one v3 message per attachment (the envelope carries one `media`); the
 * first carries the text and the message's own id (`client_msg_id`, so a re-send after a
 * reconnect has the same `id`), the others ids derived from it.
 */
import type { MediaKind } from '../../protocol/iris/frames';
import { msToV3Ts, V3_AGENT_ID, type V3Frame, type V3Media } from '../../protocol/hermes-v3';
import type { V3MessageType } from './wire';

/** An uploaded attachment as the v3 message needs it (spec "media 字段"). */
export interface OutgoingMedia {
	kind: MediaKind;
	/** The server's `media_id` from `POST /api/media/upload`. */
	id: string;
	name: string;
	mime: string;
	/** Bytes. */
	size: number;
	width?: number;
	height?: number;
	/** Seconds. */
	duration?: number;
}

export interface OutgoingMessage {
	/** The v3 `id`: the outbox's `client_msg_id`. */
	id: string;
	session: string;
	from: string;
	text: string;
	reply_to?: string;
	/** Epoch ms. */
	now: number;
	media?: OutgoingMedia[];
}

/** The v3 type for a media kind (`audio` travels as `voice`, documents as `file`). */
export function typeOfKind(kind: MediaKind): Exclude<V3MessageType, 'text'> {
	if (kind === 'image' || kind === 'video') return kind;
	if (kind === 'voice' || kind === 'audio') return 'voice';
	return 'file';
}

/**
 * `data.media` with exactly the fields the spec's table lists for `type`: `name` except for
 * voice, `width`/`height` for image and video, `duration` (whole seconds) for voice and video.
 * A dimension the app could not measure is sent as 0 rather than left out (the field is required).
 */
export function v3Media(type: Exclude<V3MessageType, 'text'>, m: OutgoingMedia): V3Media {
	const media: V3Media = { id: m.id, type: m.mime, size: m.size };
	if (type !== 'voice') media.name = m.name;
	if (type === 'image' || type === 'video') {
		media.width = Math.round(m.width ?? 0);
		media.height = Math.round(m.height ?? 0);
	}
	if (type === 'voice' || type === 'video') media.duration = Math.round(m.duration ?? 0);
	return media;
}

/** The v3 frames for one outgoing message (see the module comment). */
export function toV3Messages(m: OutgoingMessage): V3Frame[] {
	const envelope = {
		from: m.from,
		to: V3_AGENT_ID,
		session: m.session,
		ts: msToV3Ts(m.now),
		...(m.reply_to ? { reply_to: m.reply_to } : {})
	};
	if (!m.media?.length) {
		return [{ id: m.id, type: 'text', ...envelope, data: { text: m.text } }];
	}
	return m.media.map((media, i) => {
		const type = typeOfKind(media.kind);
		// `v3Media` gives each type exactly its table's fields; the union cannot see that.
		return {
			id: i === 0 ? m.id : `${m.id}-${i}`,
			type,
			...envelope,
			data: { ...(i === 0 && m.text ? { text: m.text } : {}), media: v3Media(type, media) }
		} as V3Frame;
	});
}
