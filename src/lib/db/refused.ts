/**
 * A user message the gateway refused after it had taken it (`message.refused`,
 * connection/inbound.ts): it goes back to the outbox as failed, so it shows "Not sent: <why>"
 * with Retry, which sends it again under a new `client_msg_id` (the gateway drops a repeat).
 */
import { LOCAL_PREFIX } from './local-id';
import type { StoreChanges } from './apply';
import type { IrisDB, MessageRow, OutboxRow } from './schema';

/** Which message was refused, why, and the id its Retry is sent under. */
export interface Refusal {
	message_id: string;
	/** The gateway's error code (v3's, e.g. `rate_limited`) and its words for people. */
	code: string;
	message: string;
	/** A new `client_msg_id` (a UUID) for the message in the outbox. */
	retry_client_msg_id: string;
}

/**
 * Turn the stored message `payload.message_id` into a failed local one, in one transaction, at
 * its place in the list. Returns false (nothing changed) when no user message has that id. The
 * stored message it was is reported in `changes.removed` (out of the search index).
 */
export async function markRefused(
	db: IrisDB,
	payload: Refusal,
	changes?: StoreChanges
): Promise<boolean> {
	return db.transaction('rw', [db.messages, db.outbox], async () => {
		const old = await db.messages.get(payload.message_id);
		if (!old || old.role !== 'user') return false;
		const client_msg_id = payload.retry_client_msg_id;
		const last = await db.outbox.orderBy('seq').last();
		const row: OutboxRow = {
			client_msg_id,
			seq: (last?.seq ?? 0) + 1,
			chat_id: old.chat_id,
			text: old.text,
			state: 'failed',
			attempts: 0,
			created_ts: old.ts
		};
		if (old.thread_id !== undefined) row.thread_id = old.thread_id;
		if (old.reply_to !== undefined) row.reply_to = old.reply_to;
		// A message's media were its uploads (`media_id` = the upload's `media_ref`).
		if (old.media?.length) row.media_refs = old.media.map((m) => m.media_id);
		const failed: MessageRow = {
			...old,
			message_id: LOCAL_PREFIX + client_msg_id,
			client_msg_id,
			status: 'failed',
			error: payload.message,
			refused: payload.code
		};
		await db.messages.delete(old.message_id);
		await db.outbox.put(row);
		await db.messages.put(failed);
		changes?.removed.push(old.message_id);
		return true;
	});
}
