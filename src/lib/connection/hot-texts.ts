/**
 * The hot data of answers still streaming: their text and their reasoning (extension
 * `message.update.reasoning`), each in a `StreamBuffer` that paces what pages are sent (`stream`
 * and `reasoning` events) and writes the store through the apply queue, so a throttled write
 * never overtakes the frames received before it.
 */
import type { EventSink, WorkerEvent } from '../bridge/contract';
import type { IrisDB } from '../db/schema';
import { persistStreamText } from '../db/apply';
import { persistReasoning } from '../db/reasoning';
import type { Clock } from '../platform/clock';
import type { ApplyQueue } from './apply-queue';
import { StreamBuffer } from './stream';

export interface HotTextsDeps {
	db: IrisDB;
	clock: Clock;
	queue: ApplyQueue;
	emit: (event: WorkerEvent) => void;
}

/** What a message had streamed when it stopped. */
export interface StoppedTexts {
	text?: string;
	reasoning?: string;
}

export class HotTexts {
	readonly #text: StreamBuffer;
	readonly #reasoning: StreamBuffer;

	constructor(deps: HotTextsDeps) {
		const buffer = (
			type: 'stream' | 'reasoning',
			persist: (db: IrisDB, texts: ReadonlyMap<string, string>) => Promise<void>
		) =>
			new StreamBuffer({
				clock: deps.clock,
				emit: (updates) => deps.emit({ type, updates }),
				persist: (texts) => deps.queue.then(() => persist(deps.db, texts))
			});
		this.#text = buffer('stream', persistStreamText);
		this.#reasoning = buffer('reasoning', persistReasoning);
	}

	/** ms between emissions of streamed text to pages (from the next emission on). */
	set emitMs(ms: number) {
		this.#text.emitMs = ms;
	}

	/** Latest text of a message still streaming. */
	latest(message_id: string): string | undefined {
		return this.#text.latest(message_id);
	}

	/**
	 * A `message.update`: the full text (and reasoning) so far. Returns whether the text changed
	 * (false for a late, shorter update or one after the stop).
	 */
	update(message_id: string, text: string, reasoning?: string): boolean {
		if (reasoning !== undefined) this.#reasoning.update(message_id, reasoning);
		return this.#text.update(message_id, text);
	}

	/** Characters streamed onto the end of a message's text. Returns whether they were taken. */
	append(message_id: string, chunk: string): boolean {
		return this.#text.append(message_id, chunk);
	}

	/** `message.stop` (or an answer closed as cut off): forget it, refuse later updates. */
	stop(message_id: string): StoppedTexts {
		const stopped: StoppedTexts = {};
		const text = this.#text.stop(message_id);
		const reasoning = this.#reasoning.stop(message_id);
		if (text !== undefined) stopped.text = text;
		if (reasoning !== undefined) stopped.reasoning = reasoning;
		return stopped;
	}

	/** Write what streamed so far now (the link dropped: a reload must still show it). */
	flush(): void {
		this.#text.flush();
		this.#reasoning.flush();
	}

	/** The texts pages have been sent so far, for a page that subscribes mid-answer. */
	replayTo(sink: EventSink): void {
		const streams = this.#text.snapshot();
		if (streams.length) sink({ type: 'stream', updates: streams });
		const reasoning = this.#reasoning.snapshot();
		if (reasoning.length) sink({ type: 'reasoning', updates: reasoning });
	}
}
