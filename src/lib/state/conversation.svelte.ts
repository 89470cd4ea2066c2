/**
 * One open channel: a window of its newest messages from the store, with hot streaming text laid
 * over messages still streaming. The window starts at `PAGE_SIZE` rows (index `[chat_id+ts]`) and
 * grows when the reader scrolls up: first over older rows already stored, then by `history` pages
 * from the gateway (PROTOCOL-NOTES "Reconnect and sync"), until `has_more` is false.
 */
import { Dexie } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import type { FeatureApi } from '../bridge/features';
import { LiveQuery } from './live.svelte';
import type { StreamTexts } from './streams.svelte';

/** Messages read when a channel opens. */
export const PAGE_SIZE = 200;
/** Messages asked per `history` page, and the window's growth per step. */
export const HISTORY_STEP = 50;
/** Most `history` pages fetched to find one message (a search jump). */
const REVEAL_MAX_PAGES = 20;

/** The worker command that fetches and stores one `history` page. */
export type HistoryLoader = FeatureApi['loadHistory'];

export class Conversation {
	readonly chat_id: string;
	/** False once the gateway said there is nothing older (`has_more: false`). */
	hasMore = $state(true);
	/** A `history` request is running. */
	loadingOlder = $state(false);
	/** Why the last `history` request failed, for the list's top row. */
	historyError = $state<string | null>(null);
	/** The message a search jump asked for: scrolled to and highlighted. */
	highlighted = $state<string | null>(null);
	#limit = PAGE_SIZE;
	#query: LiveQuery<MessageRow[]> = $state() as LiveQuery<MessageRow[]>;
	readonly #db: IrisDB;
	readonly #streams: StreamTexts;
	readonly #history: HistoryLoader | undefined;

	constructor(db: IrisDB, chat_id: string, streams: StreamTexts, history?: HistoryLoader) {
		this.chat_id = chat_id;
		this.#db = db;
		this.#history = history;
		this.#streams = streams;
		this.#query = this.#window(PAGE_SIZE, []);
	}

	/** The newest `limit` messages, live; starts from `shown` so a wider window never flashes. */
	#window(limit: number, shown: MessageRow[]): LiveQuery<MessageRow[]> {
		const { chat_id } = this;
		return new LiveQuery(
			async () => {
				const newestFirst = await this.#db.messages
					.where('[chat_id+ts]')
					.between([chat_id, Dexie.minKey], [chat_id, Dexie.maxKey])
					.reverse()
					.limit(limit)
					.toArray();
				return newestFirst.reverse();
			},
			shown,
			(rows) => {
				for (const row of rows) if (row.status === 'complete') this.#streams.done(row.message_id);
			}
		);
	}

	/** Widen the window to `limit` rows (Dexie's liveQuery cannot change its query: replace it). */
	#grow(limit: number): void {
		if (limit <= this.#limit) return;
		this.#limit = limit;
		const old = this.#query;
		this.#query = this.#window(limit, old.current);
		old.dispose();
	}

	/** Messages oldest → newest. */
	get messages(): MessageRow[] {
		return this.#query.current;
	}

	get loaded(): boolean {
		return this.#query.loaded;
	}

	get error(): Error | null {
		return this.#query.error;
	}

	/**
	 * Show older messages: widen the window over stored rows if there are more, otherwise fetch
	 * the `history` page before the oldest stored one (or the newest page for an empty channel).
	 * Errors end up in `historyError`; never throws.
	 */
	async loadOlder(): Promise<void> {
		if (this.loadingOlder) return;
		if (this.messages.length >= this.#limit) {
			this.#grow(this.#limit + HISTORY_STEP);
			return;
		}
		if (!this.hasMore) return;
		await this.#fetchOlder();
	}

	/**
	 * Jump to `message_id` (a search hit in this channel): fetch older pages until it is stored
	 * (at most 20), widen the window to include it, and highlight it. Resolves false if it could
	 * not be found.
	 */
	async reveal(message_id: string): Promise<boolean> {
		let row = await this.#db.messages.get(message_id);
		// The server found it, so older pages are worth asking for even if an earlier `has_more`
		// said otherwise (the gateway's history can have grown since).
		let more = true;
		for (let i = 0; !row && more && i < REVEAL_MAX_PAGES; i += 1) {
			more = await this.#fetchOlder();
			row = await this.#db.messages.get(message_id);
		}
		if (!row || row.chat_id !== this.chat_id) return false;
		const newer = await this.#db.messages
			.where('[chat_id+ts]')
			.between([this.chat_id, row.ts], [this.chat_id, Dexie.maxKey])
			.count();
		this.#grow(newer + HISTORY_STEP);
		this.highlighted = message_id;
		return true;
	}

	/** Fetch one page before the oldest stored server message; resolves with `has_more` (false
	 * also when the request failed). */
	async #fetchOlder(): Promise<boolean> {
		if (!this.#history) return false;
		this.loadingOlder = true;
		try {
			const oldest = await this.#db.messages
				.where('[chat_id+ts]')
				.between([this.chat_id, Dexie.minKey], [this.chat_id, Dexie.maxKey])
				.filter((m) => !m.message_id.startsWith('local:'))
				.first();
			const input: { chat_id: string; before_message_id?: string; limit: number } = {
				chat_id: this.chat_id,
				limit: HISTORY_STEP
			};
			if (oldest) input.before_message_id = oldest.message_id;
			const page = await this.#history(input);
			this.hasMore = page.has_more;
			this.historyError = null;
			// Everything stored so far plus the new page fits in the window.
			const stored = await this.#db.messages
				.where('[chat_id+ts]')
				.between([this.chat_id, Dexie.minKey], [this.chat_id, Dexie.maxKey])
				.count();
			this.#grow(stored);
			return page.has_more;
		} catch (e) {
			this.historyError = e instanceof Error ? e.message : String(e);
			return false;
		} finally {
			this.loadingOlder = false;
		}
	}

	dispose(): void {
		this.#query.dispose();
	}
}
