/**
 * Streamed reasoning (extension `message.update.reasoning`, doc/protocol.md "Turn anatomy"),
 * persisted like streamed text: throttled by the worker, only while the message streams, never
 * shorter than what is stored (`message.stop.reasoning` is final).
 */
import type { IrisDB } from './schema';

/** Store the latest streamed reasoning of messages still streaming. */
export async function persistReasoning(
	db: IrisDB,
	texts: ReadonlyMap<string, string>
): Promise<void> {
	await db.transaction('rw', db.messages, async () => {
		for (const [message_id, reasoning] of texts) {
			const row = await db.messages.get(message_id);
			if (row?.status === 'streaming' && reasoning.length >= (row.reasoning ?? '').length) {
				await db.messages.update(message_id, { reasoning });
			}
		}
	});
}
