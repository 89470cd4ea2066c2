/**
 * Frames to the store, in batches ("save first, then announce"): frames enqueued while a batch is
 * being written wait and go into the next one, so a burst costs one read-write transaction per
 * batch. Every store task of the worker (persisting streamed text, announcing media, closing
 * forgotten answers) runs on the same chain, after the frames received before it.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { AnswerTimingRow, IrisDB } from '../db/schema';
import { applyFrames, noChanges, type StoreChanges } from '../db/apply';
import type { Clock } from '../platform/clock';
import type { SearchIndexer } from './search-indexer';

export interface ApplyQueueDeps {
	db: IrisDB;
	clock: Clock;
	/** The channel frames without `chat_id` belong to (the default one, once known). */
	defaultChatId: () => string;
	/** Latest hot text of a message still streaming (a replayed start must not wipe it). */
	streamText: (message_id: string) => string | undefined;
	/** How fast an answer followed live came, taken once by its `message.stop`'s write. */
	answerTiming?: (message_id: string) => AnswerTimingRow | undefined;
	/** Indexes what each batch stored, after the commit. */
	indexer: SearchIndexer;
	/** A batch or task failed to write. */
	storageFailed: (e: unknown) => void;
}

export class ApplyQueue {
	readonly #d: ApplyQueueDeps;
	#pending: ServerFrame[] = [];
	#chain: Promise<void> = Promise.resolve();
	#scheduled = false;

	constructor(deps: ApplyQueueDeps) {
		this.#d = deps;
	}

	/** Store `frame` with the next batch. */
	enqueue(frame: ServerFrame): void {
		this.#pending.push(frame);
		if (this.#scheduled) return;
		this.#scheduled = true;
		this.then(async () => {
			this.#scheduled = false;
			const batch = this.#pending;
			this.#pending = [];
			const changes = noChanges();
			try {
				await applyFrames(this.#d.db, batch, {
					defaultChatId: this.#d.defaultChatId(),
					now: this.#d.clock.now(),
					streamText: this.#d.streamText,
					...(this.#d.answerTiming ? { answerTiming: this.#d.answerTiming } : {}),
					changes
				});
				// Indexed after the commit, on its own chain: storing never waits for the index.
				void this.#d.indexer.apply(changes);
			} catch (e) {
				this.#d.storageFailed(e);
			}
		});
	}

	/**
	 * Run a store change of the worker's own (not a frame) in order with the batches; the
	 * messages it reports in `changes` are indexed after it, like a batch's.
	 */
	change(task: (changes: StoreChanges) => Promise<void>): void {
		this.then(async () => {
			const changes = noChanges();
			await task(changes);
			void this.#d.indexer.apply(changes);
		});
	}

	/** Run `task` after everything queued so far; a failure counts as a storage failure. */
	then(task: () => Promise<void>): void {
		this.#chain = this.#chain.then(task).catch((e: unknown) => this.#d.storageFailed(e));
	}

	/** Resolves once every frame and task queued so far is done. */
	applied(): Promise<void> {
		return this.#chain;
	}
}
