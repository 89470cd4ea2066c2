/**
 * Apply helpers for the channel, read state and slash-command frames, called from
 * `applyFrames` inside its transaction. Each is idempotent: applying a frame twice leaves the
 * same store.
 */
import type { Channel, ServerFrameOf } from '../protocol/iris/frames';
import type { IrisDB } from './schema';

/**
 * The default channel of a list: the one flagged `is_default`; else one of kind `default` not
 * flagged otherwise (after `channel.set_default` the original keeps its kind but not the flag).
 */
export function defaultChannel(channels: readonly Channel[]): Channel | undefined {
	return (
		channels.find((c) => c.is_default) ??
		channels.find((c) => c.kind === 'default' && c.is_default !== false)
	);
}

/**
 * `channel.list` is the server's whole list: channels missing from it are gone (their messages
 * stay until a `channel.deleted` removes them), and the default channel follows `is_default`.
 * Returns the pruned `chat_id`s.
 */
export async function pruneChannels(
	db: IrisDB,
	frame: ServerFrameOf<'channel.list'>
): Promise<string[]> {
	const keep = new Set(frame.payload.channels.map((c) => c.chat_id));
	const stale = (await db.channels.toCollection().primaryKeys()).filter((id) => !keep.has(id));
	await db.channels.bulkDelete(stale);
	const def = defaultChannel(frame.payload.channels);
	if (def) await db.meta.put({ key: 'default_chat_id', value: def.chat_id });
	return stale;
}

/**
 * A `read.receipt` (another device read up to `message_id`): move the channel's read mark
 * forward to that message, never back. A receipt for a message this device does not hold is
 * skipped: without its `ts` it cannot be placed.
 */
export async function applyReadReceipt(
	db: IrisDB,
	frame: ServerFrameOf<'read.receipt'>
): Promise<void> {
	const { chat_id, message_id } = frame.payload;
	const message = await db.messages.get(message_id);
	if (!message) return;
	const current = await db.reads.get(chat_id);
	if (current && current.ts >= message.ts) return;
	await db.reads.put({ chat_id, message_id, ts: message.ts });
}

/** `commands.catalog` replaces the cached catalog, in the server's order. */
export async function applyCatalog(
	db: IrisDB,
	frame: ServerFrameOf<'commands.catalog'>
): Promise<void> {
	await db.commands.clear();
	await db.commands.bulkPut(frame.payload.commands.map((c, position) => ({ ...c, position })));
}
