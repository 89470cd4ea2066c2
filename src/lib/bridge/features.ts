/**
 * The feature part of the worker ⇄ page contract: channel management, history pages,
 * slash-command completion, server search and read receipts (commands), and notifications,
 * gateway status and unsolicited errors (events). `WorkerApi` extends `FeatureApi`;
 * `WorkerEvent` includes `FeatureEvent`.
 *
 * Every command that needs the gateway rejects with an `Error` whose message is human-readable
 * when there is no ready connection ("Not connected"), the server answered `error`, or 15 s passed.
 */

/** A search hit (`search.results.hits[]`); `ts` epoch ms. */
export interface SearchHit {
	message_id: string;
	chat_id: string;
	thread_id?: string | null;
	role?: string;
	snippet?: string;
	ts?: number;
}

/** A slash command offered by autocomplete (`commands.complete.matches[]` or the cached catalog). */
export interface CommandMatch {
	name: string;
	description?: string;
	args_hint?: string;
}

/** A `notification` from the gateway, scoped to `chat_id` (the default channel when unscoped). */
export interface InAppNotification {
	chat_id: string;
	kind: 'channel_renamed' | 'channel_created' | 'cron' | 'approval' | 'clarify' | 'generic';
	title?: string;
	body?: string;
	/** Epoch ms. */
	ts?: number;
}

/** The gateway's own state (`status.state`). */
export type ServerState = 'online' | 'restarting' | 'degraded';

/** Events of this feature set, from the worker to the page. */
export type FeatureEvent =
	| { type: 'notification'; notification: InAppNotification }
	| { type: 'server_status'; state: ServerState }
	/** An `error` without request `id`: nobody asked, so the page shows it as a banner. */
	| { type: 'server_error'; code?: string; message: string };

/** Commands of this feature set, from the page to the worker. */
export interface FeatureApi {
	/** `channel.create`; resolves with the new channel's `chat_id` once it is stored. */
	createChannel(input: {
		name: string;
		kind: 'channel' | 'thread';
		parent_chat_id?: string;
	}): Promise<string>;
	/** `channel.rename` scoped to `chat_id`; resolves once the new name is stored. */
	renameChannel(chat_id: string, name: string): Promise<void>;
	/** `channel.set_default` scoped to `chat_id`. */
	setDefaultChannel(chat_id: string): Promise<void>;
	/** `channel.delete` scoped to `chat_id`; resolves once it is gone from the store. */
	deleteChannel(chat_id: string): Promise<void>;
	/**
	 * One `history` page (at most `limit`, default 50, ≤ 200) before `before_message_id` (or the
	 * newest), stored before this resolves; `has_more` false when the server has nothing older.
	 */
	loadHistory(input: {
		chat_id: string;
		before_message_id?: string;
		limit?: number;
	}): Promise<{ has_more: boolean; count: number; oldest_message_id?: string }>;
	/** `commands.complete{prefix}`: the server's matches. */
	completeCommands(prefix: string): Promise<CommandMatch[]>;
	/** `search{query, scope}` (scope `chat` acts on `chat_id`): the server's hits. */
	search(input: { query: string; scope: 'all' | 'chat'; chat_id?: string }): Promise<SearchHit[]>;
	/**
	 * The user saw `message_id` in `chat_id`: move the read mark forward (never back) and send
	 * `read.receipt` (after the next `hello.ack` when offline).
	 */
	markRead(chat_id: string, message_id: string): Promise<void>;
}
