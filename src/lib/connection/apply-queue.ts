/**
 * Frames to the store, in batches ("save first, then announce"): frames enqueued while a batch is
 * being written wait and go into the next one, so a burst costs one read-write transaction per
 * batch. Every store task of the worker (persisting streamed text, announcing media, closing
 * forgotten answers) runs on the same chain, after the frames received before it.
 *
 * While a `sync` replay arrives (`hold`), frames wait until it ends, `HELD_MAX` of them wait, or
 * the oldest waited `HELD_MAX_MS`: each commit makes every open page query the store again and
 * render, so a catch-up in one commit is one re-render instead of one per burst (bench/README.md
 * "Reconnect catch-up"). A replay not yet stored is replayed again after a crash: the cursor
 * moves only with its `sync.done`, the last frame stored.
 */
import type { ServerFrame } from '../protocol/iris/frames';
import type { AnswerTimingRow, IrisDB } from '../db/schema';
import { applyFrames, noChanges, type StoreChanges } from '../db/apply';
import type { Clock, TimerHandle } from '../platform/clock';
import type { SearchIndexer } from './search-indexer';

/** Frames a held queue keeps before it writes them anyway. */
const HELD_MAX = 5000;
/** ms the oldest held frame waits at most before the queue writes. */
export const HELD_MAX_MS = 1000;

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
	#held = false;
	/** The `HELD_MAX_MS` timer of held frames, if any. */
	#heldTimer: TimerHandle | null = null;

	constructor(deps: ApplyQueueDeps) {
		this.#d = deps;
	}

	/** Store `frame` with the next batch. */
	enqueue(frame: ServerFrame): void {
		this.#pending.push(frame);
		if (!this.#held || this.#pending.length >= HELD_MAX) this.#schedule();
		else this.#heldTimer ??= this.#d.clock.setTimeout(() => this.#schedule(), HELD_MAX_MS);
	}

	/** Keep frames back until `release` (a `sync` replay arrives; see the module comment). */
	hold(): void {
		this.#held = true;
	}

	/** Write the frames held back, and each frame at once again. */
	release(): void {
		this.#held = false;
		this.#schedule();
	}

	/** Queue a batch of the pending frames, unless one is queued already or none is pending. */
	#schedule(): void {
		if (this.#heldTimer !== null) {
			this.#d.clock.clearTimeout(this.#heldTimer);
			this.#heldTimer = null;
		}
		if (this.#scheduled || this.#pending.length === 0) return;
		this.#scheduled = true;
		this.#then(async () => {
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

	/**
	 * Run `task` after everything queued so far, frames held back included (they are written
	 * first); a failure counts as a storage failure.
	 */
	then(task: () => Promise<void>): void {
		this.#schedule();
		this.#then(task);
	}

	#then(task: () => Promise<void>): void {
		this.#chain = this.#chain.then(task).catch((e: unknown) => this.#d.storageFailed(e));
	}

	/** Resolves once every frame and task queued so far is done, frames held back included. */
	applied(): Promise<void> {
		this.#schedule();
		return this.#chain;
	}
}
