/**
 * The outgoing side of one connection: frames go out in order; a slow reader (the socket's
 * send buffer above `HIGH_WATER_BYTES`) gets its frames queued, and while queued the coalescable
 * ones (`message.update`, `tool.progress`: schema `reliability.coalescable_under_backpressure`)
 * replace the queued frame with the same key, so a reader that cannot keep up gets the latest
 * text instead of an ever-growing backlog. Nothing else is ever dropped while the socket is open;
 * what a closed socket misses is replayed by `sync` from the event log.
 *
 * It also applies the delay / duplicate faults of the test hooks, and records every frame as it
 * is written (`IRIS_RECORD_FRAMES`, ./recorder.ts), so delayed and duplicated frames are recorded
 * as the app receives them. Raw injected text (`pushRaw`, deliberately malformed) is not recorded:
 * the conformance check covers the frames the gateway itself produces.
 */
import type { ServerFrame } from '../src/lib/protocol/iris';
import { coalesceKey } from './storage/replay';
import type { Faults } from './faults';

/** The part of a `ws` WebSocket the queue uses. */
export interface SendTarget {
	readonly bufferedAmount: number;
	/** True while frames can still be written. */
	readonly open: boolean;
	send(text: string): void;
}

/** Above this many buffered bytes the reader counts as slow and frames are queued. */
export const HIGH_WATER_BYTES = 256 * 1024;
/** How often a queue waiting for the buffer to drain looks again, ms. */
const DRAIN_POLL_MS = 10;

interface Queued {
	text: string;
	key: string | undefined;
	/** Epoch ms before which it must not go out (delay fault). */
	due: number;
	/** Injected by a test hook: sent, not recorded. */
	raw: boolean;
}

export class OutgoingQueue {
	readonly #target: SendTarget;
	readonly #faults: Faults | undefined;
	readonly #encode: (frame: ServerFrame) => string;
	readonly #record: ((text: string) => void) | undefined;
	#queue: Queued[] = [];
	#timer: NodeJS.Timeout | undefined;
	/** Frames replaced by a newer one while queued (for logs and tests). */
	coalesced = 0;

	/** `record`: called with each encoded frame as it is written (once per copy sent). */
	constructor(
		target: SendTarget,
		encode: (frame: ServerFrame) => string,
		faults?: Faults,
		record?: (text: string) => void
	) {
		this.#target = target;
		this.#encode = encode;
		this.#faults = faults;
		this.#record = record;
	}

	/** Frames waiting (slow reader or delay fault). */
	get pending(): number {
		return this.#queue.length;
	}

	/** Queue or send one frame. Encoding errors (a frame the schema forbids) throw. */
	push(frame: ServerFrame): void {
		this.#pushText(this.#encode(frame), coalesceKey(frame), false);
	}

	/** Send raw text as is (fault injection: a frame the client must reject). */
	pushRaw(text: string): void {
		this.#pushText(text, undefined, true);
	}

	/** Drop everything queued (the socket closed; sync will replay what matters). */
	clear(): void {
		this.#queue = [];
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = undefined;
	}

	#pushText(text: string, key: string | undefined, raw: boolean): void {
		if (!this.#target.open) return;
		const delay = this.#faults?.delayMs ?? 0;
		if (this.#queue.length === 0 && delay === 0 && !this.#slow()) {
			this.#write(text, raw);
			return;
		}
		if (key !== undefined) {
			const queued = this.#queue.find((q) => q.key === key);
			if (queued) {
				// In place: the newer full text takes the older one's turn, before any later stop.
				queued.text = text;
				this.coalesced += 1;
				return;
			}
		}
		this.#queue.push({ text, key, due: Date.now() + delay, raw });
		this.#schedule();
	}

	#slow(): boolean {
		return this.#target.bufferedAmount > HIGH_WATER_BYTES;
	}

	#write(text: string, raw: boolean): void {
		const copies = this.#faults?.duplicate ? 2 : 1;
		for (let i = 0; i < copies; i += 1) {
			if (!raw) this.#record?.(text);
			this.#target.send(text);
		}
	}

	#schedule(): void {
		if (this.#timer) return;
		const head = this.#queue[0];
		if (!head) return;
		const wait = Math.max(head.due - Date.now(), this.#slow() ? DRAIN_POLL_MS : 0);
		this.#timer = setTimeout(() => {
			this.#timer = undefined;
			this.#flush();
		}, wait);
		this.#timer.unref?.();
	}

	#flush(): void {
		if (!this.#target.open) {
			this.clear();
			return;
		}
		const now = Date.now();
		while (this.#queue.length > 0 && !this.#slow() && this.#queue[0]!.due <= now) {
			const next = this.#queue.shift()!;
			this.#write(next.text, next.raw);
		}
		this.#schedule();
	}
}
