/**
 * The `meta` table's keys and value types, and the small rows kept beside them (queued
 * notification answers, the Inbox's cron notices). Part of the store's schema (db/schema.ts).
 */
import type { ServerCaps } from '../protocol/iris/frames';
import type { PushRegistration } from '../protocol/push';

/** Keys of the `meta` table and their value types. */
export interface MetaValues {
	device_id: string;
	/** The pairing (`GatewayConfig`): `dialect` and `user_id` only for Hermes Chat v3. */
	gateway: { url: string; token: string; dialect?: 'iris' | 'v3'; user_id?: string };
	/** Last `hello.ack.sync_cursor` / `sync.done.cursor`. */
	cursor: number;
	default_chat_id: string;
	/** How this device gets push notifications; absent when off. */
	push: PushRegistration;
	/** The last `hello.ack.server_caps` (the page offers push from it). */
	server_caps: ServerCaps;
	/**
	 * The tokenizer version the stored search segments were built with (doc/search.md); another
	 * value means rebuild.
	 */
	search_version: number;
	/** The interface language the page shows (lib/i18n), for the service worker's notifications. */
	locale: string;
	/**
	 * Per channel, the assistant turn opened last in the order frames arrived (`message.start`, up
	 * to its `message.stop`): where a turn frame without `message_id` belongs (db/apply-turn.ts).
	 */
	open_turns: Record<string, string>;
	/** The name this device gives itself in `hello` (Settings › Connection); absent: the default. */
	device_name: string;
	/**
	 * Answers chosen on a notification while the gateway could not be reached, oldest first
	 * (db/queued-answers.ts); sent on the next connection.
	 */
	queued_answers: QueuedAnswer[];
	/**
	 * Whether notifications show message text (state/notify-previews.svelte.ts, a device choice
	 * copied here for the service worker); absent: off.
	 */
	notify_previews: boolean;
	/** The Inbox was last looked at up to this report's `ts` (epoch ms): newer ones are unread. */
	inbox_read_ts: number;
}

/**
 * A scheduled job's `notification{kind:"cron"}`, kept for the Inbox (db/inbox.ts). `key` is
 * `chat_id`, `ts`, `title` and `body` joined: the same notice replayed by `sync` is stored once.
 */
export interface CronNoticeRow {
	key: string;
	chat_id: string;
	title?: string;
	body?: string;
	/** Epoch ms: the notification's `ts`, else when it arrived. */
	ts: number;
}

/** A picker answer chosen on a notification, waiting for a connection (`picker.select`). */
export interface QueuedAnswer {
	picker_id: string;
	chat_id: string;
	/** The `picker.select` value, and the label the notification showed for it. */
	value: string;
	label: string;
	/** When it was chosen, epoch ms. */
	queued_at: number;
}

export interface MetaRow<K extends keyof MetaValues = keyof MetaValues> {
	key: K;
	value: MetaValues[K];
}
