/**
 * Apply helpers for the channel, read state and slash-command frames, called from
 * `applyFrames` inside its transaction. Each is idempotent: applying a frame twice leaves the
 * same store.
 */
import type { Channel, ServerFrameOf } from '../protocol/iris/frames';
import type { ChannelRow, IrisDB } from './schema';

/**
 * Store channels (from `channel.list`, `hello.ack`, `channel.created`), merged into the stored
 * rows: a known channel keeps its `position`, a new one is placed after every stored channel, in
 * list order; a `chat_id` listed twice is one row, later fields winning. In bulk, and only what
 * changed is written: a list of 20,000 channels applied one get/count/put at a time held the
 * store for ~40 s, and every reconnect repeats the whole list.
 *
 * `stored`: the whole `channels` table when the caller has read it already (`applyChannelList`);
 * otherwise the listed channels are looked up (`bulkGet`).
 */
export async function upsertChannels(
	db: IrisDB,
	channels: readonly Channel[],
	stored?: readonly ChannelRow[]
): Promise<void> {
	if (channels.length === 0) return;
	const merged = new Map<string, Channel>();
	for (const c of channels) merged.set(c.chat_id, { ...merged.get(c.chat_id), ...c });
	const ids = [...merged.keys()];
	let existing: (ChannelRow | undefined)[];
	let next: number;
	if (stored) {
		const byId = new Map(stored.map((row) => [row.chat_id, row]));
		existing = ids.map((id) => byId.get(id));
		next = stored.reduce((max, row) => Math.max(max, row.position + 1), 0);
	} else {
		const [rows, last] = await Promise.all([
			db.channels.bulkGet(ids),
			db.channels.orderBy('position').last()
		]);
		existing = rows;
		next = last === undefined ? 0 : last.position + 1;
	}
	const changed: ChannelRow[] = [];
	for (const [i, id] of ids.entries()) {
		const old = existing[i];
		const c = merged.get(id)!;
		const row: ChannelRow = {
			...old,
			...c,
			name: c.name ?? old?.name ?? id,
			position: old?.position ?? next++
		};
		// The gateway knows it: no longer only from an import.
		delete row.origin;
		if (!old || !sameRow(old, row)) changed.push(row);
	}
	if (changed.length > 0) await db.channels.bulkPut(changed);
}

/** Whether two rows hold the same fields (values compared with `===`: objects count as changed). */
function sameRow(a: ChannelRow, b: ChannelRow): boolean {
	const keys = Object.keys(a) as (keyof ChannelRow)[];
	return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * `channel.list` is the server's whole list: its channels are stored (`upsertChannels`), channels
 * missing from it are gone (their messages stay until a `channel.deleted` removes them), and the
 * default channel follows `is_default`. The table is read once for all of it. Returns the pruned
 * `chat_id`s.
 */
export async function applyChannelList(
	db: IrisDB,
	frame: ServerFrameOf<'channel.list'>
): Promise<string[]> {
	const { channels } = frame.payload;
	const stored = await db.channels.toArray();
	await upsertChannels(db, channels, stored);
	const keep = new Set(channels.map((c) => c.chat_id));
	// A channel from a history import may be one this gateway never had: it stays.
	const stale = stored
		.filter((row) => !keep.has(row.chat_id) && row.origin !== 'import')
		.map((row) => row.chat_id);
	if (stale.length > 0) await db.channels.bulkDelete(stale);
	const def = defaultChannel(channels);
	if (def) await db.meta.put({ key: 'default_chat_id', value: def.chat_id });
	return stale;
}

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
