/**
 * Answers cut off for good (doc/protocol.md "An answer the gateway forgot"): after a reconnect
 * and its gap fill, a gateway that runs no turn in a channel will never send the `message.stop`
 * of an answer still open there (it restarted, or lost the turn). Those answers are closed with
 * the text that arrived and marked `interrupted`, instead of streaming forever.
 */
import type { IrisDB, MessageRow } from './schema';

/** The latest hot text and reasoning of a message, taken from the worker's stream buffers. */
export type TakeHot = (message_id: string) => { text?: string; reasoning?: string };

/**
 * The answers of `chat_id` still `streaming`, in no particular order, through the
 * `[chat_id+status]` index (schema version 11): the channel's other rows are not read.
 */
export function streamingAnswers(db: IrisDB, chat_id: string): Promise<MessageRow[]> {
	return db.messages
		.where('[chat_id+status]')
		.equals([chat_id, 'streaming'])
		.filter((m) => m.role === 'assistant')
		.toArray();
}

/**
 * Close every assistant message of `chat_id` still `streaming`: status `complete`, flagged
 * `interrupted`, keeping the longer of the stored and the hot text. Returns the rows changed.
 */
export async function closeInterrupted(
	db: IrisDB,
	chat_id: string,
	takeHot: TakeHot
): Promise<MessageRow[]> {
	return db.transaction('rw', db.messages, db.parts, async () => {
		const open = await streamingAnswers(db, chat_id);
		const closed = open.map((m): MessageRow => {
			const hot = takeHot(m.message_id);
			const row: MessageRow = { ...m, status: 'complete', interrupted: true };
			if (hot.text !== undefined && hot.text.length >= m.text.length) row.text = hot.text;
			if (hot.reasoning !== undefined && hot.reasoning.length >= (m.reasoning ?? '').length) {
				row.reasoning = hot.reasoning;
			}
			return row;
		});
		await db.messages.bulkPut(closed);
		// Its tools still running will report no end either (as for `message.stop`).
		await db.parts
			.where('message_id')
			.anyOf(closed.map((m) => m.message_id))
			.filter((part) => part.kind === 'tool' && part.state === 'running')
			.modify((part) => {
				if (part.kind === 'tool') part.state = 'stopped';
			});
		return closed;
	});
}
