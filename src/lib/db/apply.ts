/**
 * Apply decoded server frames to the store, idempotently (doc/protocol.md "Reconnect and sync"):
 * messages keyed by `message_id`, channels by `chat_id`. Applying the same frames twice leaves the
 * same store. One read-write transaction per batch ("save first, then announce",
 * doc/architecture.md "Invariants").
 *
 * Streaming text (`message.update`) does not come through here: the worker's stream buffer keeps it
 * hot and persists it with `persistStreamText`.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { AnswerTimingRow, IrisDB, MessageRow } from './schema';
import {
	applyCatalog,
	applyChannelList,
	applyReadReceipt,
	defaultChannel,
	upsertChannels
} from './apply-channels';
import { applyTurnFrame, isTurnFrame } from './apply-turn';
import { applyRun, isRunFrame, type RunFrame } from './message-run';
import { storeCronNotice } from './inbox';

/** What a batch needs to know that frames leave implicit. */
export interface ApplyContext {
	/** The channel for frames without `chat_id` (doc/protocol.md "Scope"). */
	defaultChatId: string;
	/** Epoch ms for rows whose frame carries no `ts`. */
	now: number;
	/** Latest streamed text per message, for a `message.stop` without `final_text`. */
	streamText?: (message_id: string) => string | undefined;
	/** How fast an answer came, stored with its `message.stop` (connection/answer-timing.ts). */
	answerTiming?: (message_id: string) => AnswerTimingRow | undefined;
	/** Filled with what the batch changed in `messages`, for the search index (doc/search.md). */
	changes?: StoreChanges;
}

/**
 * Messages a batch stored as `complete`, messages it removed, and channels it dropped (deleted,
 * or missing from a `channel.list`). Streaming rows are left out: they count once stopped.
 */
export interface StoreChanges {
	put: MessageRow[];
	removed: string[];
	removed_chats: string[];
}

/** An empty `StoreChanges`. */
export function noChanges(): StoreChanges {
	return { put: [], removed: [], removed_chats: [] };
}

/** Frame types that change the store. */
const STORED = new Set<ServerFrame['type']>([
	'hello.ack',
	'message',
	'message.start',
	'message.stop',
	'channel.list',
	'channel.created',
	'channel.renamed',
	'channel.deleted',
	'history',
	'sync.done',
	'commands.catalog',
	'read.receipt'
]);

/** Whether `applyFrames` would write anything for this frame. */
export function isStored(frame: ServerFrame): boolean {
	return STORED.has(frame.type) || isTurnFrame(frame);
}

/** Apply a batch of frames in one transaction. Rejects if the transaction fails (quota, closed). */
export async function applyFrames(
	db: IrisDB,
	frames: readonly ServerFrame[],
	ctx: ApplyContext
): Promise<void> {
	const tables = [
		db.channels,
		db.messages,
		db.outbox,
		db.meta,
		db.parts,
		db.pickers,
		db.reads,
		db.commands,
		db.cron_notices
	];
	await db.transaction('rw', tables, async () => {
		// Consecutive message frames go through one run (db/message-run.ts), the rest one by one.
		let run: RunFrame[] = [];
		for (const frame of frames) {
			if (isRunFrame(frame)) {
				run.push(frame);
				continue;
			}
			if (run.length > 0) await applyRun(db, run, ctx);
			run = [];
			await applyOne(db, frame, ctx);
		}
		if (run.length > 0) await applyRun(db, run, ctx);
	});
}

async function applyOne(db: IrisDB, frame: ServerFrame, ctx: ApplyContext): Promise<void> {
	const chat_id = frame.chat_id ?? ctx.defaultChatId;
	const thread_id = frame.thread_id;
	switch (frame.type) {
		case 'hello.ack': {
			const channels = frame.payload.channels ?? [];
			await upsertChannels(db, channels);
			const def = defaultChannel(channels);
			if (def) await db.meta.put({ key: 'default_chat_id', value: def.chat_id });
			// The first cursor comes from hello.ack; after that only sync.done moves it — unless
			// the server's latest position is behind ours: it lost its log (a restart), and a
			// cursor from its previous life would skip everything it sends from now on.
			const ackCursor = frame.payload.sync_cursor;
			const stored = (await db.meta.get('cursor'))?.value as number | undefined;
			if (ackCursor !== undefined && (stored === undefined || stored > ackCursor)) {
				await db.meta.put({ key: 'cursor', value: ackCursor });
			}
			return;
		}
		case 'channel.list': {
			// Not inside `changes?.push(…)`: optional chaining would skip the call without `changes`.
			const pruned = await applyChannelList(db, frame);
			ctx.changes?.removed_chats.push(...pruned);
			return;
		}
		case 'channel.created':
			await upsertChannels(db, [frame.payload]);
			return;
		case 'channel.renamed':
			await db.channels.update(frame.payload.chat_id, { name: frame.payload.name });
			return;
		case 'channel.deleted':
			await db.channels.delete(frame.payload.chat_id);
			await db.reads.delete(frame.payload.chat_id);
			await db.messages
				.where('[chat_id+ts]')
				.between([frame.payload.chat_id, -Infinity], [frame.payload.chat_id, Infinity])
				.delete();
			// Its jobs' notices leave the Inbox with it.
			await db.cron_notices.filter((n) => n.chat_id === frame.payload.chat_id).delete();
			ctx.changes?.removed_chats.push(frame.payload.chat_id);
			return;
		case 'notification':
			// Only a scheduled job's notice is stored (for the Inbox); the others are toasts.
			if (frame.payload.kind === 'cron')
				await storeCronNotice(db, { ...frame.payload, chat_id }, ctx.now);
			return;
		case 'read.receipt':
			await applyReadReceipt(db, frame);
			return;
		case 'commands.catalog':
			await applyCatalog(db, frame);
			return;
		case 'sync.done':
			await db.meta.put({ key: 'cursor', value: frame.payload.cursor });
			return;
		default:
			if (isTurnFrame(frame)) await applyTurnFrame(db, frame, { chat_id, thread_id, now: ctx.now });
			return;
	}
}

/** Persist the latest streamed text of messages still streaming (never after `message.stop`). */
export async function persistStreamText(
	db: IrisDB,
	texts: ReadonlyMap<string, string>
): Promise<void> {
	await db.transaction('rw', db.messages, async () => {
		for (const [message_id, text] of texts) {
			const row = await db.messages.get(message_id);
			if (row?.status === 'streaming' && text.length >= row.text.length) {
				await db.messages.update(message_id, { text });
			}
		}
	});
}
