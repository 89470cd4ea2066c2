/**
 * The local store: one Dexie database, its rows, and its ordered versions.
 *
 * The database is the UI's source of truth (doc/architecture.md). The connection worker writes,
 * the page reads with `liveQuery`. Index only what is queried; each index says who queries it.
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { Channel, Role } from '../protocol/iris/frames';

/** A channel or thread as stored (`definitions.channel` plus local fields). */
export interface ChannelRow extends Channel {
	name: string;
	/** Local order of first sight, for a stable sidebar. */
	position: number;
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
}

/** A message waiting to be sent or acked (PROTOCOL-NOTES "Sending messages"). */
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
}

/** Keys of the `meta` table and their value types. */
export interface MetaValues {
	device_id: string;
	gateway: { url: string; token: string };
	/** Last `hello.ack.sync_cursor` / `sync.done.cursor`. */
	cursor: number;
	default_chat_id: string;
}

export interface MetaRow<K extends keyof MetaValues = keyof MetaValues> {
	key: K;
	value: MetaValues[K];
}

/** The Iris database. */
export class IrisDB extends Dexie {
	channels!: EntityTable<ChannelRow, 'chat_id'>;
	messages!: EntityTable<MessageRow, 'message_id'>;
	outbox!: EntityTable<OutboxRow, 'client_msg_id'>;
	meta!: EntityTable<MetaRow, 'key'>;

	/** `options`: e.g. another `indexedDB` factory (the in-memory store, db/memory.ts). */
	constructor(name = 'iris', options?: DexieOptions) {
		super(name, options);
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
	}
}
