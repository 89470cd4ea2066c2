/**
 * The replay log behind `sync` (doc/protocol.md "Reconnect and sync"): the gateway's outbox of
 * frames a device must not miss (schema `reliability.never_dropped`, plus stream frames).
 *
 * Every frame the gateway broadcasts that a device must not miss (messages, stream frames, agent
 * state, channel changes) is stamped with an increasing integer position. `hello.ack.sync_cursor`
 * and `sync.done.cursor` are positions; `sync{cursor}` replays everything after one — for a
 * device that was away, exactly the frames it did not get.
 *
 * Coalescable frames (`reliability.coalescable_under_backpressure`: `message.update`,
 * `tool.progress`) are superseded when logged: a newer update of the same message (or tool)
 * replaces the older entry, and a `message.stop` with `final_text` removes the message's updates.
 * So a long stream costs one log entry, not one per step, and the bounded log reaches much
 * further back.
 */
import type { ServerFrame } from '../src/lib/protocol/iris';

/** Default number of frames kept; older ones fall off and clients fill the gap with `history`. */
export const DEFAULT_LOG_CAPACITY = 5000;

/** One logged frame and its position (1, 2, 3 …; 0 means "nothing yet"). */
export interface LoggedFrame {
	position: number;
	frame: ServerFrame;
}

/** The log as plain JSON (for the file-backed gateway state). */
export interface EventLogSnapshot {
	latest: number;
	entries: LoggedFrame[];
}

/**
 * The key under which a frame supersedes earlier ones, or undefined if it never does:
 * `message.update` by `message_id`, `tool.progress` by `(message_id, index)`.
 */
export function coalesceKey(frame: ServerFrame): string | undefined {
	if (frame.type === 'message.update') return `u:${frame.payload.message_id}`;
	if (frame.type === 'tool.progress') {
		const p = frame.payload as { message_id?: string; index?: number };
		return `t:${p.message_id ?? ''}:${p.index ?? ''}`;
	}
	return undefined;
}

/** A bounded, position-stamped log of broadcast frames. */
export class EventLog {
	#entries: LoggedFrame[] = [];
	#latest = 0;
	readonly #capacity: number;
	/** The live entry of each coalescing key. */
	readonly #byKey = new Map<string, LoggedFrame>();
	/** Entries superseded but not yet removed from `#entries`. */
	readonly #dead = new Set<LoggedFrame>();

	constructor(capacity = DEFAULT_LOG_CAPACITY) {
		this.#capacity = capacity;
	}

	/** Restore a log saved with `snapshot()`. */
	static fromSnapshot(snapshot: EventLogSnapshot, capacity = DEFAULT_LOG_CAPACITY): EventLog {
		const log = new EventLog(capacity);
		log.#latest = snapshot.latest;
		log.#entries = snapshot.entries.slice(-capacity);
		for (const e of log.#entries) {
			const key = coalesceKey(e.frame);
			if (key !== undefined) log.#byKey.set(key, e);
		}
		return log;
	}

	/** Position of the newest frame, 0 when nothing was logged yet. */
	get latest(): number {
		return this.#latest;
	}

	/** Entries currently kept (after coalescing). */
	get size(): number {
		return this.#entries.length - this.#dead.size;
	}

	/** Append a frame (it must carry no request `id`: replays go to other connections). */
	append(frame: ServerFrame): number {
		this.#latest += 1;
		const key = coalesceKey(frame);
		if (key !== undefined) this.#supersede(key);
		else if (frame.type === 'message.stop' && frame.payload.final_text !== undefined) {
			this.#supersede(`u:${frame.payload.message_id}`);
		}
		const entry = { position: this.#latest, frame };
		this.#entries.push(entry);
		if (key !== undefined) this.#byKey.set(key, entry);
		// Superseded entries are dropped lazily: compact once they are half the array.
		if (this.#dead.size > this.#entries.length / 2) this.#compact();
		while (this.#entries.length - this.#dead.size > this.#capacity) this.#dropOldest();
		return this.#latest;
	}

	#supersede(key: string): void {
		const old = this.#byKey.get(key);
		if (!old) return;
		this.#dead.add(old);
		this.#byKey.delete(key);
	}

	#compact(): void {
		this.#entries = this.#entries.filter((e) => !this.#dead.has(e));
		this.#dead.clear();
	}

	#dropOldest(): void {
		const first = this.#entries.shift();
		if (!first) return;
		if (this.#dead.delete(first)) return;
		const key = coalesceKey(first.frame);
		if (key !== undefined && this.#byKey.get(key) === first) this.#byKey.delete(key);
	}

	/**
	 * Frames after `cursor`, oldest first, with coalescable frames reduced to the last one per key
	 * (each carries the full state, so earlier ones add nothing).
	 *
	 * A cursor ahead of `latest` can only come from an earlier run of the gateway that lost its
	 * log: everything still logged is replayed then, since replays are idempotent and a missed
	 * message is worse than a repeated one.
	 */
	since(cursor: number): ServerFrame[] {
		const from = cursor > this.#latest ? 0 : cursor;
		return this.#entries.filter((e) => e.position > from && !this.#dead.has(e)).map((e) => e.frame);
	}

	/** The log as plain JSON. */
	snapshot(): EventLogSnapshot {
		return { latest: this.#latest, entries: this.#entries.filter((e) => !this.#dead.has(e)) };
	}
}
