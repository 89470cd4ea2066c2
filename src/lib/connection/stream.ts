/**
 * Hot path for streamed text ("hot data bypasses the store", doc/architecture.md; doc/protocol.md
 * "Streaming"): keeps only the latest full text per message, hands what changed to the page at
 * most every `emitMs` (an `append` of the new characters when the text grew, else a `replace`, so
 * the bytes posted to the page stay ~ the final length), and writes it to the store at most every
 * `persistMs`. Text never moves backwards, and nothing is accepted for a message after its
 * `message.stop`.
 *
 * Two ways in: `update` with the full text so far (Iris `message.update`), and `append` with new
 * characters only (a Hermes Chat v3 `stream` part), which costs O(new characters), not O(text).
 */
import type { StreamDelta } from '../bridge/contract';
import type { Clock, TimerHandle } from '../platform/clock';

export interface StreamBufferOptions {
	clock: Clock;
	/** Send what changed to the page. */
	emit: (updates: StreamDelta[]) => void;
	/** Write texts to the store (throttled). */
	persist: (texts: Map<string, string>) => void;
	/** ms between page emissions. Default `DEFAULT_EMIT_MS`. */
	emitMs?: number;
	/**
	 * ms between store writes. Default 8000: the store only needs the text for a reload mid-answer
	 * (`message.stop` always stores the final text, and the gateway replays the turn), and every
	 * write wakes every `liveQuery` of the channel (npm run bench, S3: ≤ 5 writes per answer).
	 */
	persistMs?: number;
}

/**
 * Default ms between page emissions: 75 (about 13 per second). Text arriving 100 times a second
 * still reads as a smooth stream at that pace, and each emission costs a page render (two frames:
 * the render and the follow-scroll) and a posted envelope of ~65 bytes: at 50 ms the envelopes
 * outweighed the streamed text on an idle machine (npm run bench, S3 2.15× the final length).
 */
export const DEFAULT_EMIT_MS = 75;

/** Default ms between store writes of a streaming text. */
export const DEFAULT_PERSIST_MS = 8000;

/** How many stopped message ids are remembered to ignore late updates. */
const STOPPED_MEMORY = 2000;

export class StreamBuffer {
	readonly #o: Required<StreamBufferOptions>;
	readonly #latest = new Map<string, string>();
	/** What the page was last sent, per message: appends are computed against it. */
	readonly #sent = new Map<string, string>();
	/**
	 * Messages whose latest text is what was sent plus appended characters (no `update` since),
	 * with those characters: the next emission posts them without looking at the whole text.
	 */
	readonly #appendedSinceSent = new Map<string, string>();
	readonly #toEmit = new Set<string>();
	readonly #toPersist = new Set<string>();
	readonly #stopped = new Set<string>();
	#emitTimer: TimerHandle | undefined;
	#persistTimer: TimerHandle | undefined;

	constructor(options: StreamBufferOptions) {
		this.#o = { emitMs: DEFAULT_EMIT_MS, persistMs: DEFAULT_PERSIST_MS, ...options };
	}

	/** ms between page emissions (takes effect from the next emission). */
	set emitMs(ms: number) {
		this.#o.emitMs = ms;
	}

	/** A `message.update` with the full text so far. Returns false if it was ignored. */
	update(message_id: string, text: string): boolean {
		if (this.#stopped.has(message_id)) return false;
		const current = this.#latest.get(message_id);
		// An older update arriving late (its text a strict prefix of what we have) is ignored.
		if (current !== undefined && text.length < current.length && current.startsWith(text)) {
			return false;
		}
		if (current === text) return false;
		this.#latest.set(message_id, text);
		// Whether it extends what the page has is looked at once per emission, not per update.
		this.#appendedSinceSent.delete(message_id);
		this.#changed(message_id);
		return true;
	}

	/**
	 * New characters at the end of a message's text (starting it when there is none). Returns
	 * false if it was ignored (the message stopped, or nothing to add).
	 */
	append(message_id: string, chunk: string): boolean {
		if (this.#stopped.has(message_id) || chunk === '') return false;
		this.#latest.set(message_id, (this.#latest.get(message_id) ?? '') + chunk);
		const since = this.#appendedSinceSent.get(message_id);
		if (since !== undefined) this.#appendedSinceSent.set(message_id, since + chunk);
		this.#changed(message_id);
		return true;
	}

	#changed(message_id: string): void {
		this.#toEmit.add(message_id);
		this.#toPersist.add(message_id);
		if (this.#emitTimer === undefined) {
			this.#emitTimer = this.#o.clock.setTimeout(() => this.#flushEmit(), this.#o.emitMs);
		}
		if (this.#persistTimer === undefined) {
			this.#persistTimer = this.#o.clock.setTimeout(() => this.#flushPersist(), this.#o.persistMs);
		}
	}

	/** Latest text of a message still streaming. */
	latest(message_id: string): string | undefined {
		return this.#latest.get(message_id);
	}

	/**
	 * The texts pages have been sent so far, as `replace` deltas: a page subscribing mid-answer
	 * starts from these, then follows the same appends as every other page.
	 */
	snapshot(): StreamDelta[] {
		return [...this.#sent].map(([message_id, text]) => ({ message_id, op: 'replace', text }));
	}

	/** `message.stop`: forget the message and refuse later updates. Returns its last text. */
	stop(message_id: string): string | undefined {
		const text = this.#latest.get(message_id);
		this.#latest.delete(message_id);
		this.#sent.delete(message_id);
		this.#appendedSinceSent.delete(message_id);
		this.#toEmit.delete(message_id);
		this.#toPersist.delete(message_id);
		this.#stopped.add(message_id);
		if (this.#stopped.size > STOPPED_MEMORY) {
			const oldest = this.#stopped.values().next().value;
			if (oldest !== undefined) this.#stopped.delete(oldest);
		}
		return text;
	}

	/**
	 * Write what is pending now instead of at the next `persistMs` tick: when the connection
	 * drops mid-answer, the text received so far must survive a reload (the gateway may not be
	 * there to replay it).
	 */
	flush(): void {
		if (this.#persistTimer !== undefined) this.#o.clock.clearTimeout(this.#persistTimer);
		this.#flushPersist();
	}

	#flushEmit(): void {
		this.#emitTimer = undefined;
		const updates = [...this.#toEmit].flatMap((message_id): StreamDelta[] => {
			const text = this.#latest.get(message_id);
			if (text === undefined) return [];
			const sent = this.#sent.get(message_id);
			const appended = this.#appendedSinceSent.get(message_id);
			this.#sent.set(message_id, text);
			this.#appendedSinceSent.set(message_id, '');
			if (sent === undefined) return [{ message_id, op: 'replace', text }];
			if (appended !== undefined)
				return [{ message_id, op: 'append', at: sent.length, text: appended }];
			return text.startsWith(sent)
				? [{ message_id, op: 'append', at: sent.length, text: text.slice(sent.length) }]
				: [{ message_id, op: 'replace', text }];
		});
		this.#toEmit.clear();
		if (updates.length) this.#o.emit(updates);
	}

	#flushPersist(): void {
		this.#persistTimer = undefined;
		const texts = new Map<string, string>();
		for (const id of this.#toPersist) {
			const text = this.#latest.get(id);
			if (text !== undefined) texts.set(id, text);
		}
		this.#toPersist.clear();
		if (texts.size) this.#o.persist(texts);
	}
}
