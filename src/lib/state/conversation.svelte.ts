/**
 * One open channel: its latest page of messages from the store, with hot streaming text laid
 * over messages still streaming. Opening reads only the latest page (index `[chat_id+ts]`, newest
 * first, `limit`), so it costs the same in a 1k- or 100k-message store; older pages are added on
 * request (`loadOlder`).
 */
import { Dexie, liveQuery } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import type { StreamTexts } from './streams.svelte';

/** Messages read when a channel opens, and added per `loadOlder`. */
export const PAGE_SIZE = 200;

export class Conversation {
	readonly chat_id: string;
	/** Messages oldest → newest. */
	messages = $state.raw<MessageRow[]>([]);
	/** False until the first result arrived. */
	loaded = $state(false);
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** Whether older messages may exist beyond the loaded pages. */
	hasOlder = $state(false);
	readonly #db: IrisDB;
	readonly #streams: StreamTexts;
	#limit = PAGE_SIZE;
	#subscription: { unsubscribe(): void } | undefined;

	constructor(db: IrisDB, chat_id: string, streams: StreamTexts) {
		this.chat_id = chat_id;
		this.#db = db;
		this.#streams = streams;
		this.#subscribe();
	}

	/**
	 * Read one more page of older messages. The current rows stay until the bigger page arrives,
	 * so the list never flashes empty. No-op while the last page read was not full.
	 */
	loadOlder(): void {
		if (!this.hasOlder) return;
		this.hasOlder = false;
		this.#limit += PAGE_SIZE;
		this.#subscribe();
	}

	dispose(): void {
		this.#subscription?.unsubscribe();
		this.#subscription = undefined;
	}

	#subscribe(): void {
		this.dispose();
		const { chat_id } = this;
		const limit = this.#limit;
		this.#subscription = liveQuery(async () => {
			const newestFirst = await this.#db.messages
				.where('[chat_id+ts]')
				.between([chat_id, Dexie.minKey], [chat_id, Dexie.maxKey])
				.reverse()
				.limit(limit)
				.toArray();
			return newestFirst.reverse();
		}).subscribe({
			next: (rows) => {
				this.messages = rows;
				this.loaded = true;
				this.error = null;
				this.hasOlder = rows.length === limit;
				for (const row of rows) if (row.status === 'complete') this.#streams.done(row.message_id);
			},
			error: (e: unknown) => {
				this.error = e instanceof Error ? e : new Error(String(e));
				this.loaded = true;
			}
		});
	}
}
