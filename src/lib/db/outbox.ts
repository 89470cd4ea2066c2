/**
 * The outbox (doc/protocol.md "Sending messages without loss or duplicates"): a message is written
 * here and shown as `sending` before anything touches the network; it leaves the outbox only when
 * the server acks it (see `apply.ts`, matched by `client_msg_id`).
 */
import type { MediaRef } from '../protocol/iris/frames';
import { LOCAL_PREFIX } from './local-id';
import type { IrisDB, MessageRow, OutboxRow } from './schema';

/**
 * Put a new user message in the outbox and the message list, in one transaction. `media` are its
 * uploads (`media_id` = the upload's `media_ref`); the message goes out once they are done.
 */
export async function enqueue(
	db: IrisDB,
	input: {
		client_msg_id: string;
		chat_id: string;
		thread_id?: string;
		text: string;
		now: number;
		media?: MediaRef[];
		reply_to?: string;
	}
): Promise<OutboxRow> {
	return db.transaction('rw', [db.outbox, db.messages, db.uploads], async () => {
		const last = await db.outbox.orderBy('seq').last();
		const row: OutboxRow = {
			client_msg_id: input.client_msg_id,
			seq: Math.max(input.now, (last?.seq ?? 0) + 1),
			chat_id: input.chat_id,
			text: input.text,
			state: 'queued',
			attempts: 0,
			created_ts: input.now
		};
		if (input.thread_id !== undefined) row.thread_id = input.thread_id;
		if (input.reply_to !== undefined) row.reply_to = input.reply_to;
		if (input.media?.length) {
			row.media_refs = input.media.map((m) => m.media_id);
			// No longer the composer's: they belong to this message now.
			await db.uploads.where('media_ref').anyOf(row.media_refs).modify({ draft: false });
		}
		await db.outbox.add(row);
		await db.messages.add({
			message_id: LOCAL_PREFIX + input.client_msg_id,
			chat_id: input.chat_id,
			...(input.thread_id !== undefined ? { thread_id: input.thread_id } : {}),
			role: 'user',
			text: input.text,
			ts: input.now,
			status: 'sending',
			client_msg_id: input.client_msg_id,
			...(input.reply_to !== undefined ? { reply_to: input.reply_to } : {}),
			...(input.media?.length ? { media: input.media } : {})
		});
		return row;
	});
}

/**
 * `enqueue`, unless this `client_msg_id` is already queued or was already acked (then nothing
 * changes): a command run twice queues the message once.
 */
export async function enqueueOnce(db: IrisDB, input: Parameters<typeof enqueue>[1]): Promise<void> {
	await db.transaction('rw', [db.outbox, db.messages, db.uploads], async () => {
		const known =
			(await db.outbox.get(input.client_msg_id)) ??
			(await db.messages.where('client_msg_id').equals(input.client_msg_id).first());
		if (!known) await enqueue(db, input);
	});
}

/** Everything still to send or re-send, in sending order. */
export async function pending(db: IrisDB): Promise<OutboxRow[]> {
	return (await db.outbox.orderBy('seq').toArray()).filter((r) => r.state !== 'failed');
}

/**
 * Record a write to the socket, just before it. False when the row is gone (cancelled or edited
 * since the sender read it, or acked elsewhere) or given up: then it must not be written.
 */
export async function markWritten(db: IrisDB, client_msg_id: string): Promise<boolean> {
	const changed = await db.outbox
		.where('client_msg_id')
		.equals(client_msg_id)
		.and((r) => r.state !== 'failed')
		.modify((r) => {
			r.state = 'written';
			r.attempts += 1;
		});
	return changed > 0;
}

/** Give up on a message: the user sees "not delivered" with a retry. */
export async function markFailed(db: IrisDB, client_msg_id: string, error: string): Promise<void> {
	await db.transaction('rw', [db.outbox, db.messages], async () => {
		await db.outbox.update(client_msg_id, { state: 'failed' });
		await db.messages.update(LOCAL_PREFIX + client_msg_id, { status: 'failed', error });
	});
}

/**
 * The gateway asked to wait (`error{rate_limited}`): the message goes back in the queue, the
 * write does not count as an attempt, and `note` shows on it until it is sent.
 */
export async function markDeferred(db: IrisDB, client_msg_id: string, note: string): Promise<void> {
	await db.transaction('rw', [db.outbox, db.messages], async () => {
		await db.outbox
			.where('client_msg_id')
			.equals(client_msg_id)
			.modify((r) => {
				r.state = 'queued';
				r.attempts = Math.max(0, r.attempts - 1);
			});
		await db.messages.update(LOCAL_PREFIX + client_msg_id, { error: note });
	});
}

/** Put a failed message back in the queue (the user pressed Retry). */
export async function requeue(db: IrisDB, client_msg_id: string): Promise<void> {
	await db.transaction('rw', [db.outbox, db.messages], async () => {
		await db.outbox.update(client_msg_id, { state: 'queued', attempts: 0 });
		await db.messages
			.where('message_id')
			.equals(LOCAL_PREFIX + client_msg_id)
			.modify((m) => {
				m.status = 'sending';
				delete m.error;
				delete m.refused;
			});
	});
}

/**
 * What became of a Cancel or an Edit of a message in the outbox: `done`, or `sent` when the
 * gateway may already have it (written to the socket, or acked and gone from the outbox), in
 * which case nothing changed.
 */
export type OutboxChange = 'done' | 'sent';

/**
 * The outbox row of `client_msg_id` if the gateway cannot have it: `queued` (never written, or
 * refused with `rate_limited`) or `failed` (given up; the user decides). A `written` row may be
 * on the gateway already, so it is not the user's to take back.
 */
async function unsent(db: IrisDB, client_msg_id: string): Promise<OutboxRow | undefined> {
	const row = await db.outbox.get(client_msg_id);
	return row && row.state !== 'written' ? row : undefined;
}

/**
 * Cancel: take a message the gateway does not have out of the outbox and the message list, in
 * one transaction, so the sender (which re-reads the row before writing, `markWritten`) can never
 * send it afterwards. Its uploads are left as they are (no longer any message's).
 */
export async function cancelQueued(db: IrisDB, client_msg_id: string): Promise<OutboxChange> {
	return db.transaction('rw', [db.outbox, db.messages], async () => {
		if (!(await unsent(db, client_msg_id))) return 'sent';
		await db.outbox.delete(client_msg_id);
		await db.messages.delete(LOCAL_PREFIX + client_msg_id);
		return 'done';
	});
}

/**
 * Edit: replace a message the gateway does not have with `text`, in one transaction. The new one
 * gets its own `client_msg_id` (the old one may have reached a gateway that dropped it as
 * failed; a gateway answers a known id with its first text) and keeps the old one's place: its
 * outbox `seq`, its time in the list, its reply and attachments. It is queued again, even if
 * the old one had failed.
 */
export async function replaceQueued(
	db: IrisDB,
	client_msg_id: string,
	next: { client_msg_id: string; text: string }
): Promise<OutboxChange> {
	return db.transaction('rw', [db.outbox, db.messages], async () => {
		// Run twice (the page runs a command again after moving to memory): the first one did it.
		const again =
			(await db.outbox.get(next.client_msg_id)) ??
			(await db.messages.where('client_msg_id').equals(next.client_msg_id).first());
		if (again) return 'done';
		const row = await unsent(db, client_msg_id);
		if (!row) return 'sent';
		const old = await db.messages.get(LOCAL_PREFIX + client_msg_id);
		await db.outbox.delete(client_msg_id);
		await db.messages.delete(LOCAL_PREFIX + client_msg_id);
		await db.outbox.add({
			...row,
			client_msg_id: next.client_msg_id,
			text: next.text,
			state: 'queued',
			attempts: 0
		});
		const message: MessageRow = {
			...(old ?? {
				chat_id: row.chat_id,
				role: 'user' as const,
				ts: row.created_ts,
				...(row.thread_id !== undefined ? { thread_id: row.thread_id } : {}),
				...(row.reply_to !== undefined ? { reply_to: row.reply_to } : {})
			}),
			message_id: LOCAL_PREFIX + next.client_msg_id,
			client_msg_id: next.client_msg_id,
			text: next.text,
			status: 'sending' as const
		};
		delete message.error;
		await db.messages.add(message);
		return 'done';
	});
}
