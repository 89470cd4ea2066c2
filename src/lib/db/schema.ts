/**
 * The local store: one Dexie database, its rows, and its ordered versions.
 *
 * The database is the UI's source of truth (doc/architecture.md). The connection worker writes,
 * the page reads with `liveQuery`. Index only what is queried; each index says who queries it.
 */
import { Dexie, type DexieOptions, type EntityTable, type Transaction } from 'dexie';
import type { Channel, CommandInfo, MediaKind, MediaRef, Role } from '../protocol/iris/frames';
import type { PartRow, PickerRow } from './turn-rows';
import type { SearchSegmentRow } from './search-segments';
import type { CronNoticeRow, MetaRow } from './meta-rows';

export type { CronNoticeRow, MetaRow, MetaValues, QueuedAnswer } from './meta-rows';

/** A channel or thread as stored (`definitions.channel` plus local fields). */
export interface ChannelRow extends Channel {
	name: string;
	/** Local order of first sight, for a stable sidebar. */
	position: number;
	/**
	 * `import`: known from a history export file only (db/history/import.ts). The gateway's
	 * `channel.list` does not prune it; listing it clears the mark.
	 */
	origin?: 'import';
}

/**
 * Where a message stands:
 * - `sending`: in the outbox, written to the socket or waiting to be;
 * - `failed`: not delivered, the user can retry;
 * - `streaming`: an assistant answer between `message.start` and `message.stop`;
 * - `complete`: final.
 */
export type MessageStatus = 'sending' | 'failed' | 'streaming' | 'complete';

/** A message as stored. `ts` epoch ms. */
export interface MessageRow {
	/** Server `message_id`; a local user message is `local:<client_msg_id>` until acked. */
	message_id: string;
	chat_id: string;
	thread_id?: string;
	role: Role;
	text: string;
	reasoning?: string;
	model?: string;
	tokens?: number;
	reply_to?: string;
	ts: number;
	status: MessageStatus;
	client_msg_id?: string;
	/** Why a send failed, shown with the retry button. */
	error?: string;
	/**
	 * The gateway took the message, then refused it (an `error` answering it, db/refused.ts): its
	 * error code. `error` is then the gateway's words, shown as "Not sent: …".
	 */
	refused?: string;
	/** Attached media (`message.media`; for a local message, its uploads keyed by `media_ref`). */
	media?: MediaRef[];
	/**
	 * The answer was cut off: the gateway no longer runs its turn and never sent `message.stop`
	 * (db/interrupted.ts). A later `message.stop` clears it.
	 */
	interrupted?: true;
	/** How fast the answer came, when this device followed it live (connection/answer-timing.ts). */
	timing?: AnswerTimingRow;
	/**
	 * Where its tool cards and questions began (`PartRow.text_offset`) was measured on a text the
	 * final one replaced (connection/part-offsets.ts): they show before the text instead.
	 */
	parts_unplaced?: true;
	/**
	 * `import`: written by a history import (db/history/import.ts), not received here. The same
	 * message from the gateway later replaces the row (and the mark).
	 */
	origin?: 'import';
}

/** An answer's timings as this device saw them, in milliseconds. */
export interface AnswerTimingRow {
	/**
	 * From `message.start` to the first text, less the time the agent waited for the reader
	 * meanwhile (connection/answer-timing.ts); absent when the answer opened with its text.
	 */
	first_text_ms?: number;
	/**
	 * From the first text to `message.stop`, less the time the agent said it ran a tool or waited
	 * for the reader.
	 */
	stream_ms: number;
}

/** A message waiting to be sent or acked (doc/protocol.md "Sending messages"). */
export interface OutboxRow {
	client_msg_id: string;
	/** Sending order: increasing, assigned at enqueue. */
	seq: number;
	chat_id: string;
	thread_id?: string;
	text: string;
	/** `queued`: not yet written; `written`: on the wire, awaiting ack; `failed`: gave up. */
	state: 'queued' | 'written' | 'failed';
	/** Times written to a socket. */
	attempts: number;
	created_ts: number;
	/** Uploads (`uploads.media_ref`) that must be done before `message.send` goes out. */
	media_refs?: string[];
	/** The `message_id` of the message this one answers (`message.send.reply_to`). */
	reply_to?: string;
}

/**
 * What the app knows about one piece of media (`media_id`; for an upload, its `media_ref`):
 * - `remote`: only on the gateway; `downloading`: a `media.pull` is running or queued;
 * - `stored`: the bytes are in `media_blobs` (shown offline);
 * - `memory`: downloaded but the store refused the blob (quota): shown now, not offline;
 * - `failed`: the pull failed (`error` says why).
 */
export interface MediaRow {
	media_id: string;
	kind: MediaKind;
	mime?: string;
	/** Bytes. */
	size?: number;
	filename?: string;
	state: 'remote' | 'downloading' | 'stored' | 'memory' | 'failed';
	error?: string;
	/** Pixels, when measured (an attached image or video; a v3 message requires them). */
	width?: number;
	height?: number;
	/** Seconds, when measured (an attached voice note or video; a v3 message requires it). */
	duration?: number;
	/**
	 * For an upload to a v3 gateway: the `media_id` its HTTP upload returned (the row stays keyed by
	 * the local `media_ref`, which the message shows).
	 */
	remote_id?: string;
}

/** The bytes of stored media, apart from the metadata rows (large values, read on display). */
export interface MediaBlobRow {
	media_id: string;
	blob: Blob;
}

/**
 * An upload (doc/protocol.md "Media"): `queued` until `media.upload.end` is acked (`done`), or
 * `failed` (`error` for people). `sha256` is kept once computed, so a restart does not rehash.
 */
export interface UploadRow {
	media_ref: string;
	state: 'queued' | 'done' | 'failed';
	sha256?: string;
	error?: string;
	/** Epoch ms; uploads run in this order. */
	created_ts: number;
	/** The channel whose composer it was attached in. */
	chat_id?: string;
	/** Attached in a composer and not sent yet: shown again there after a reload. */
	draft?: boolean;
}

/**
 * How far the user has read a channel, on any of their devices: the newest message seen
 * (`read.receipt`). Messages after `ts` (epoch ms) from others count as unread.
 */
export interface ReadRow {
	chat_id: string;
	message_id: string;
	ts: number;
	/** Seen here but `read.receipt` not sent yet (offline); sent after the next `hello.ack`. */
	pending?: boolean;
}

/** A slash command from `commands.catalog`, cached for offline autocomplete. */
export interface CommandRow extends CommandInfo {
	/** Order in the catalog. */
	position: number;
}

/** The Iris database. */
export class IrisDB extends Dexie {
	channels!: EntityTable<ChannelRow, 'chat_id'>;
	messages!: EntityTable<MessageRow, 'message_id'>;
	outbox!: EntityTable<OutboxRow, 'client_msg_id'>;
	meta!: EntityTable<MetaRow, 'key'>;
	/** Tool cards and commentary beats of assistant turns (version 2). */
	parts!: Dexie.Table<PartRow, [string, string]>;
	/** Scheduled jobs' notifications for the Inbox (version 12). */
	cron_notices!: EntityTable<CronNoticeRow, 'key'>;
	/** Pickers, open or answered (version 2). */
	pickers!: EntityTable<PickerRow, 'picker_id'>;
	reads!: EntityTable<ReadRow, 'chat_id'>;
	commands!: EntityTable<CommandRow, 'name'>;
	media!: EntityTable<MediaRow, 'media_id'>;
	media_blobs!: EntityTable<MediaBlobRow, 'media_id'>;
	uploads!: EntityTable<UploadRow, 'media_ref'>;
	/** The local full-text index, in append-only segments (version 10, doc/search.md). */
	search_segments!: EntityTable<SearchSegmentRow, 'seq'>;

	/**
	 * `options`: e.g. another `indexedDB` factory (the in-memory store, db/memory.ts). Dexie's
	 * query cache is off: each cached result keeps the context of the live query that first read
	 * it, and through each such context's abort listeners every older copy of the cache's entry
	 * lists, so a long session's heap grew with every answer (bench/README.md "Long-session
	 * memory"). Live queries still run again when what they read changes.
	 */
	constructor(name = 'iris', options?: DexieOptions) {
		super(name, { cache: 'disabled', ...options });
		// Version 1. Never edit a released version: add a new one below it.
		this.version(1).stores({
			channels: 'chat_id, position',
			// [chat_id+ts]: a channel's latest page (reverse range, limit). client_msg_id: match an
			// ack or a replayed echo to the local row.
			messages: 'message_id, [chat_id+ts], client_msg_id',
			// seq: send in order.
			outbox: 'client_msg_id, seq',
			meta: 'key'
		});
		// Version 2: the anatomy of a turn. parts: one row per tool card (`tool:<index>`) or
		// commentary beat, keyed [message_id+part_id] (doc/protocol.md "Reconnect and sync": tools
		// are keyed by (message_id, index)); message_id: a bubble's parts; chat_id: an open
		// channel's parts, read in one query. pickers: chat_id: the open pickers of a channel;
		// message_id: the answered ones shown in their turn.
		this.version(2).stores({
			parts: '[message_id+part_id], message_id, chat_id',
			pickers: 'picker_id, chat_id, message_id'
		});
		// Version 3 (channels, read state, slash commands).
		this.version(3).stores({
			// One row per channel; the sidebar reads them all.
			reads: 'chat_id',
			// position: the catalog's order for autocomplete.
			commands: 'name, position'
		});
		// Version 7 (media). media/media_blobs: looked up by media_id only; uploads:
		// created_ts = the upload queue's order.
		this.version(7).stores({
			media: 'media_id',
			media_blobs: 'media_id',
			uploads: 'media_ref, created_ts'
		});
		// Version 10 (local search; 8 and 9 were used by branches that never merged). search_segments:
		// read whole, in seq order, when the worker starts; never queried by content.
		this.version(10).stores({
			search_segments: '++seq'
		});
		// Version 11 (fast at any size): [chat_id+status] finds a channel's answers still
		// streaming without reading the channel (db/interrupted.ts, the turn of a part in
		// apply-turn.ts); a 90,000-message channel was read whole on every reconnect.
		this.version(11).stores({
			messages: 'message_id, [chat_id+ts], client_msg_id, [chat_id+status]'
		});
		// Version 12 (the Inbox, db/inbox.ts): [role+ts] lists the scheduled jobs' reports (role
		// `cron`) newest first without reading any channel; cron_notices: their notifications.
		// History that was there before the Inbox (an upgrade) or before this device was paired
		// (a new store) is not new: the Inbox counts from then (doc/inbox.md).
		const inboxFromNow = (tx: Transaction) =>
			tx.table('meta').put({ key: 'inbox_read_ts', value: Date.now() });
		this.version(12)
			.stores({
				messages: 'message_id, [chat_id+ts], client_msg_id, [chat_id+status], [role+ts]',
				cron_notices: 'key, ts'
			})
			.upgrade(inboxFromNow);
		this.on('populate', inboxFromNow);
	}
}
