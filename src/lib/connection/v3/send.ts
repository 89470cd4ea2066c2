/**
 * An Iris `message.send` as the v3 messages that carry it: one per attachment (the v3 envelope
 * has one `media`), the first with the text and `id` = `client_msg_id`, so a re-send after a
 * reconnect has the same id (the gateway drops repeats); and the ack the adapter will deliver
 * once the gateway has it (the user message under its final id).
 */
import type { AppFrame } from '../../protocol/iris/frames';
import type { V3Frame } from '../../protocol/hermes-v3';
import type { IrisDB } from '../../db/schema';
import type { PendingSend } from './acks';
import type { HttpMediaBridge } from './media-bridge';
import type { SessionOrder } from './order';
import { toV3Messages } from './outbound';
import { loose } from './wire';

export interface SendContext {
	db: IrisDB;
	/** Our v3 user id (`from`). */
	from: string;
	/** Media over HTTP, once the token is known. */
	media: HttpMediaBridge | null;
	order: SessionOrder;
	randomUUID: () => string;
	/** Epoch ms. */
	now: () => number;
}

/** The v3 frames to write for `frame`, and the send waiting for its ack. */
export async function prepareSend(
	frame: AppFrame & { type: 'message.send' },
	ctx: SendContext
): Promise<{ frames: V3Frame[]; pending: PendingSend }> {
	const { text = '', client_msg_id, media_refs = [], reply_to } = frame.payload;
	const msgId = client_msg_id ?? ctx.randomUUID();
	const media = media_refs.length && ctx.media ? await ctx.media.outgoing(media_refs) : [];
	const now = ctx.now();
	const frames = toV3Messages({
		id: msgId,
		session: frame.chat_id ?? '',
		from: ctx.from,
		text,
		now,
		...(reply_to ? { reply_to } : {}),
		media
	});
	const local = await ctx.db.messages.get(`local:${msgId}`);
	const pending: PendingSend = {
		id: frame.id ?? 0,
		v3Ids: frames.map((f) => loose(f).id ?? ''),
		...(frame.chat_id ? { chat_id: frame.chat_id } : {}),
		echo: {
			message_id: msgId,
			client_msg_id: msgId,
			role: 'user',
			text,
			ts: local?.ts ?? now,
			...(local?.media ? { media: local.media } : {})
		}
	};
	ctx.order.seen(frame.chat_id ?? '', pending.echo.ts ?? now);
	return { frames, pending };
}
