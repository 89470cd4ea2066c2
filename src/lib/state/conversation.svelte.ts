/**
 * One open channel: its latest page of messages from the store, with hot streaming text laid
 * over messages still streaming. Reads only the latest page (index `[chat_id+ts]`).
 */
import { Dexie } from 'dexie';
import type { IrisDB, MessageRow } from '../db/schema';
import { LiveQuery } from './live.svelte';
import type { StreamTexts } from './streams.svelte';

/** Messages read when a channel opens. */
export const PAGE_SIZE = 200;

export class Conversation {
	readonly chat_id: string;
	readonly #query: LiveQuery<MessageRow[]>;

	constructor(db: IrisDB, chat_id: string, streams: StreamTexts) {
		this.chat_id = chat_id;
		this.#query = new LiveQuery(
			async () => {
				const newestFirst = await db.messages
					.where('[chat_id+ts]')
					.between([chat_id, Dexie.minKey], [chat_id, Dexie.maxKey])
					.reverse()
					.limit(PAGE_SIZE)
					.toArray();
				return newestFirst.reverse();
			},
			[],
			(rows) => {
				for (const row of rows) if (row.status === 'complete') streams.done(row.message_id);
			}
		);
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

	dispose(): void {
		this.#query.dispose();
	}
}
