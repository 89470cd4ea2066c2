/**
 * One open channel: its latest page of messages from the store, with hot streaming text laid
 * over messages still streaming. Opening reads only the latest page (index `[chat_id+ts]`, newest
 * first, `limit`), so it costs the same in a 1k- or 100k-message store.
 *
 * The live part is a `liveQuery` from the oldest message of that first page onwards (new messages
 * join it; older ones never re-read). Older pages are read once each on request (`loadOlder`) and
 * kept as they were: scrolling back through 10,000 messages reads each row once, and a change to
 * an old message shows when the channel is opened again.
 */
import { Dexie, liveQuery } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import type { StreamTexts } from './streams.svelte';

/** Messages read when a channel opens, and added per `loadOlder`. */
export const PAGE_SIZE = 200;

export class Conversation {
	readonly chat_id: string;
	/** False until the first result arrived. */
	loaded = $state(false);
	/** The last query error (e.g. storage unavailable), or null. */
	error = $state<Error | null>(null);
	/** Whether older messages may exist beyond the loaded pages. */
	hasOlder = $state(false);
	#older = $state.raw<MessageRow[]>([]);
	#live = $state.raw<MessageRow[]>([]);
	readonly #db: IrisDB;
	readonly #subscription: { unsubscribe(): void };
	/** `ts` of the oldest row of the first page: the live range starts there. */
	#liveFrom: number | undefined;
	#loadingOlder = false;

	constructor(db: IrisDB, chat_id: string, streams: StreamTexts) {
		this.chat_id = chat_id;
		this.#db = db;
		this.#subscription = liveQuery(() => this.#readLive()).subscribe({
			next: (rows) => {
				this.#live = rows;
				this.loaded = true;
				this.error = null;
				for (const row of rows) if (row.status === 'complete') streams.done(row.message_id);
			},
			error: (e: unknown) => this.#failed(e)
		});
	}

	/** Messages oldest → newest. */
	readonly messages: MessageRow[] = $derived(
		this.#older.length ? [...this.#older, ...this.#live] : this.#live
	);

	/**
	 * Read the page of messages just older than the oldest loaded one and prepend it. No-op while
	 * a read is running or when the last page read was not full.
	 */
	loadOlder(): void {
		const oldest = this.#older[0] ?? this.#live[0];
		if (!this.hasOlder || this.#loadingOlder || !oldest) return;
		this.#loadingOlder = true;
		this.#readOlder(oldest)
			.then((rows) => {
				this.#older = [...rows, ...this.#older];
				this.hasOlder = rows.length > 0;
			})
			.catch((e: unknown) => this.#failed(e))
			.finally(() => (this.#loadingOlder = false));
	}

	dispose(): void {
		this.#subscription.unsubscribe();
	}

	async #readLive(): Promise<MessageRow[]> {
		const range = this.#db.messages.where('[chat_id+ts]');
		if (this.#liveFrom !== undefined) {
			return range.between([this.chat_id, this.#liveFrom], [this.chat_id, Dexie.maxKey]).toArray();
		}
		const newestFirst = await range
			.between([this.chat_id, Dexie.minKey], [this.chat_id, Dexie.maxKey])
			.reverse()
			.limit(PAGE_SIZE)
			.toArray();
		const page = newestFirst.reverse();
		this.#liveFrom = page[0]?.ts;
		this.hasOlder = page.length === PAGE_SIZE;
		return page;
	}

	async #readOlder(oldest: MessageRow): Promise<MessageRow[]> {
		// Inclusive of `oldest.ts` (several messages may share a millisecond); loaded ones skipped.
		const newestFirst = await this.#db.messages
			.where('[chat_id+ts]')
			.between([this.chat_id, Dexie.minKey], [this.chat_id, oldest.ts], true, true)
			.reverse()
			.limit(PAGE_SIZE + 1)
			.toArray();
		const loaded = this.messages.filter((m) => m.ts === oldest.ts).map((m) => m.message_id);
		return newestFirst.filter((m) => !loaded.includes(m.message_id)).reverse();
	}

	#failed(e: unknown): void {
		this.error = e instanceof Error ? e : new Error(String(e));
		this.loaded = true;
	}
}
