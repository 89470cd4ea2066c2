/**
 * Hot path for `message.update` (GUIDE "Hot data bypasses the store"; PROTOCOL-NOTES "Streaming"):
 * keeps only the latest full text per message, hands it to the page at most every `emitMs`, and
 * to the store at most every `persistMs`. Text never moves backwards, and nothing is accepted for
 * a message after its `message.stop`.
 */
import type { Clock, TimerHandle } from '../platform/clock';

export interface StreamBufferOptions {
	clock: Clock;
	/** Send changed texts to the page. */
	emit: (updates: { message_id: string; text: string }[]) => void;
	/** Write texts to the store (throttled). */
	persist: (texts: Map<string, string>) => void;
	/** ms between page emissions. Default 16 (one frame). */
	emitMs?: number;
	/** ms between store writes. Default 300. */
	persistMs?: number;
}

/** How many stopped message ids are remembered to ignore late updates. */
const STOPPED_MEMORY = 2000;

export class StreamBuffer {
	readonly #o: Required<StreamBufferOptions>;
	readonly #latest = new Map<string, string>();
	readonly #toEmit = new Set<string>();
	readonly #toPersist = new Set<string>();
	readonly #stopped = new Set<string>();
	#emitTimer: TimerHandle | undefined;
	#persistTimer: TimerHandle | undefined;

	constructor(options: StreamBufferOptions) {
		this.#o = { emitMs: 16, persistMs: 300, ...options };
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
		this.#toEmit.add(message_id);
		this.#toPersist.add(message_id);
		if (this.#emitTimer === undefined) {
			this.#emitTimer = this.#o.clock.setTimeout(() => this.#flushEmit(), this.#o.emitMs);
		}
		if (this.#persistTimer === undefined) {
			this.#persistTimer = this.#o.clock.setTimeout(() => this.#flushPersist(), this.#o.persistMs);
		}
		return true;
	}

	/** Latest text of a message still streaming. */
	latest(message_id: string): string | undefined {
		return this.#latest.get(message_id);
	}

	/** Every message still streaming with its latest text (for a page that subscribes late). */
	texts(): { message_id: string; text: string }[] {
		return [...this.#latest].map(([message_id, text]) => ({ message_id, text }));
	}

	/** `message.stop`: forget the message and refuse later updates. Returns its last text. */
	stop(message_id: string): string | undefined {
		const text = this.#latest.get(message_id);
		this.#latest.delete(message_id);
		this.#toEmit.delete(message_id);
		this.#toPersist.delete(message_id);
		this.#stopped.add(message_id);
		if (this.#stopped.size > STOPPED_MEMORY) {
			const oldest = this.#stopped.values().next().value;
			if (oldest !== undefined) this.#stopped.delete(oldest);
		}
		return text;
	}

	/** Drop everything (unpair). */
	clear(): void {
		this.#latest.clear();
		this.#toEmit.clear();
		this.#toPersist.clear();
	}

	#flushEmit(): void {
		this.#emitTimer = undefined;
		const updates = [...this.#toEmit].flatMap((message_id) => {
			const text = this.#latest.get(message_id);
			return text === undefined ? [] : [{ message_id, text }];
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
