/**
 * Apply decoded server frames to the store, idempotently (doc/protocol.md "Reconnect and sync"):
 * messages keyed by `message_id`, channels by `chat_id`. Applying the same frames twice leaves the
 * same store. One read-write transaction per batch ("save first, then announce",
 * doc/architecture.md "Invariants").
 *
 * Streaming text (`message.update`) does not come through here: the worker's stream buffer keeps it
 * hot and persists it with `persistStreamText`.
 */
import type { MessagePayload, ServerFrame } from '../protocol/iris/frames';
import type { AnswerTimingRow, IrisDB, MessageRow } from './schema';
import {
	applyCatalog,
	applyChannelList,
	applyReadReceipt,
	defaultChannel,
	upsertChannels
} from './apply-channels';
import { applyTurnFrame, closeTurn, isTurnFrame, openTurn } from './apply-turn';
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
		for (const frame of frames) await applyOne(db, frame, ctx);
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
		case 'message':
			await putMessage(db, frame.payload, chat_id, thread_id, ctx);
			return;
		case 'notification':
			// Only a scheduled job's notice is stored (for the Inbox); the others are toasts.
			if (frame.payload.kind === 'cron')
				await storeCronNotice(db, { ...frame.payload, chat_id }, ctx.now);
			return;
		case 'history':
			for (const m of frame.payload.messages) await putMessage(db, m, chat_id, thread_id, ctx);
			return;
		case 'message.start': {
			const existing = await db.messages.get(frame.payload.message_id);
			// Even a replayed start opens its turn again: the turn frames replayed after it are its own.
			if ((existing?.role ?? frame.payload.role ?? 'assistant') === 'assistant') {
				await openTurn(db, chat_id, frame.payload.message_id);
			}
			// A replayed start must not wipe text already streamed or finished.
			if (existing) return;
			await db.messages.put({
				message_id: frame.payload.message_id,
				chat_id,
				thread_id,
				role: frame.payload.role ?? 'assistant',
				text: '',
				ts: frame.payload.ts ?? ctx.now,
				status: 'streaming'
			});
			return;
		}
		case 'message.stop': {
			const p = frame.payload;
			await closeTurn(db, chat_id, p.message_id);
			// The turn is over (it ended, was stopped or cut off): a question it asked can no longer
			// be answered, so it leaves the screen. An answer already on its way settles itself.
			await db.pickers
				.where('message_id')
				.equals(p.message_id)
				.filter((row) => row.state === 'open')
				.modify({ state: 'expired' });
			const existing = await db.messages.get(p.message_id);
			const text = p.final_text ?? ctx.streamText?.(p.message_id) ?? existing?.text ?? '';
			const row: MessageRow = {
				...(existing ?? {
					message_id: p.message_id,
					chat_id,
					thread_id,
					role: 'assistant',
					ts: ctx.now
				}),
				text,
				status: 'complete'
			} as MessageRow;
			delete row.interrupted;
			if (p.reasoning !== undefined) row.reasoning = p.reasoning;
			if (p.model !== undefined) row.model = p.model;
			if (p.tokens !== undefined) row.tokens = p.tokens;
			const timing = ctx.answerTiming?.(p.message_id);
			if (timing) row.timing = timing;
			await db.messages.put(row);
			ctx.changes?.put.push(row);
			return;
		}
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

/**
 * Store a complete message. A user message's echo (matched by `client_msg_id`) replaces the local
 * `local:<client_msg_id>` row and clears its outbox entry, so the message shows once.
 */
async function putMessage(
	db: IrisDB,
	m: MessagePayload,
	chat_id: string,
	thread_id: string | undefined,
	ctx: ApplyContext
): Promise<void> {
	const existing = await db.messages.get(m.message_id);
	let local: MessageRow | undefined;
	if (m.client_msg_id) {
		local = await db.messages.get(`local:${m.client_msg_id}`);
		if (local) {
			await db.messages.delete(local.message_id);
			ctx.changes?.removed.push(local.message_id);
		}
		await db.outbox.delete(m.client_msg_id);
	}
	const base = existing ?? local;
	const row: MessageRow = {
		message_id: m.message_id,
		chat_id: base?.chat_id ?? chat_id,
		role: m.role ?? base?.role ?? 'assistant',
		text: m.text ?? base?.text ?? '',
		ts: m.ts ?? base?.ts ?? ctx.now,
		status: 'complete'
	};
	const thread = thread_id ?? base?.thread_id;
	if (thread !== undefined) row.thread_id = thread;
	const client = m.client_msg_id ?? base?.client_msg_id;
	if (client !== undefined) row.client_msg_id = client;
	for (const key of ['reasoning', 'model', 'tokens', 'reply_to', 'media'] as const) {
		const value = m[key] ?? base?.[key];
		if (value !== undefined) (row as unknown as Record<string, unknown>)[key] = value;
	}
	// This device's own timing of the answer: no frame carries it, a re-sent message keeps it.
	if (existing?.timing) row.timing = existing.timing;
	await db.messages.put(row);
	ctx.changes?.put.push(row);
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
