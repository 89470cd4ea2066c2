/**
 * The in-memory replay log behind `sync` (PROTOCOL-NOTES "Reconnect and sync").
 *
 * Every frame the gateway broadcasts that a device must not miss (messages, stream frames, agent
 * state, channel changes) is stamped with an increasing integer position. `hello.ack.sync_cursor`
 * and `sync.done.cursor` are positions; `sync{cursor}` replays everything after one.
 */
import type { ServerFrame } from '../src/lib/protocol/iris';

/** Default number of frames kept; older ones fall off and clients fill the gap with `history`. */
export const DEFAULT_LOG_CAPACITY = 5000;

/** One logged frame and its position (1, 2, 3 …; 0 means "nothing yet"). */
export interface LoggedFrame {
	position: number;
	frame: ServerFrame;
}

/** A bounded, position-stamped log of broadcast frames. */
export class EventLog {
	#entries: LoggedFrame[] = [];
	#latest = 0;
	readonly #capacity: number;

	constructor(capacity = DEFAULT_LOG_CAPACITY) {
		this.#capacity = capacity;
	}

	/** Position of the newest frame, 0 when nothing was logged yet. */
	get latest(): number {
		return this.#latest;
	}

	/** Append a frame (it must carry no request `id`: replays go to other connections). */
	append(frame: ServerFrame): number {
		this.#latest += 1;
		this.#entries.push({ position: this.#latest, frame });
		if (this.#entries.length > this.#capacity) this.#entries.shift();
		return this.#latest;
	}

	/**
	 * Frames after `cursor`, oldest first, with `message.update`s coalesced to the last one per
	 * `message_id` (each carries the full text, so earlier ones add nothing).
	 *
	 * A cursor ahead of `latest` can only come from an earlier run of the gateway (positions restart
	 * at 0): everything still logged is replayed then, since replays are idempotent and a
	 * missed message is worse than a repeated one.
	 */
	since(cursor: number): ServerFrame[] {
		const from = cursor > this.#latest ? 0 : cursor;
		const entries = this.#entries.filter((e) => e.position > from);
		const lastUpdate = new Map<string, number>();
		for (const e of entries) {
			if (e.frame.type === 'message.update') lastUpdate.set(e.frame.payload.message_id, e.position);
		}
		return entries
			.filter(
				(e) =>
					e.frame.type !== 'message.update' ||
					lastUpdate.get(e.frame.payload.message_id) === e.position
			)
			.map((e) => e.frame);
	}
}
