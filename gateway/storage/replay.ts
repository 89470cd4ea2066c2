/**
 * The rules of the replay log behind `sync` (doc/architecture.md "The gateway's store"), shared by both
 * back-ends.
 *
 * Every frame the gateway broadcasts that a device must not miss (messages, stream frames, agent
 * state, channel changes) is stamped with an increasing integer position. `hello.ack.sync_cursor`
 * and `sync.done.cursor` are positions; `sync{cursor}` replays everything after one — for a
 * device that was away, exactly the frames it did not get. The cursor a device sends in `sync`
 * is also its acknowledgement: it has stored everything up to there.
 *
 * Coalescable frames (`reliability.coalescable_under_backpressure`: `message.update`,
 * `tool.progress`) are superseded when logged: a newer update of the same message (or tool)
 * replaces the older entry, and a `message.stop` with `final_text` removes the message's updates.
 * So a long stream costs one log entry, not one per step.
 */
import type { ServerFrame } from '../../src/lib/protocol/iris';
import type { OpenStream, Scope } from './types';

/** Default retention of unacknowledged frames: 7 days, in ms (`IRIS_REPLAY_RETENTION_DAYS`). */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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

/** The key of the entries `frame` removes when logged (a final stop ends its updates), if any. */
export function supersededKey(frame: ServerFrame): string | undefined {
	const key = coalesceKey(frame);
	if (key !== undefined) return key;
	if (frame.type === 'message.stop' && frame.payload.final_text !== undefined) {
		return `u:${frame.payload.message_id}`;
	}
	return undefined;
}

/** The envelope scope of a broadcast frame (the gateway always sets `chat_id` on turn frames). */
export function frameScope(frame: ServerFrame): Scope {
	const chat_id = frame.chat_id ?? 'default';
	return frame.thread_id ? { chat_id, thread_id: frame.thread_id } : { chat_id };
}

/** How a logged frame changes the set of open streams. */
export type StreamChange =
	| { kind: 'open'; stream: OpenStream }
	| { kind: 'update'; message_id: string; text: string; reasoning?: string }
	| { kind: 'close'; message_id: string }
	| undefined;

/** What `frame` does to the open streams (start opens, update moves, stop closes). */
export function streamChange(frame: ServerFrame): StreamChange {
	switch (frame.type) {
		case 'message.start': {
			const p = frame.payload;
			return {
				kind: 'open',
				stream: {
					message_id: p.message_id,
					scope: frameScope(frame),
					role: p.role ?? 'assistant',
					ts: p.ts ?? Date.now(),
					text: ''
				}
			};
		}
		case 'message.update': {
			const { message_id, text } = frame.payload;
			const reasoning = (frame.payload as { reasoning?: string }).reasoning;
			return {
				kind: 'update',
				message_id,
				text,
				...(reasoning === undefined ? {} : { reasoning })
			};
		}
		case 'message.stop':
			return { kind: 'close', message_id: frame.payload.message_id };
		default:
			return undefined;
	}
}

/**
 * The oldest position still needed: the lowest cursor of the devices seen since `since` (epoch
 * ms), or `latest` when there is none (a device pairing later starts at `latest`).
 */
export function lowestNeeded(
	devices: Iterable<{ acked: number; lastSeen: number }>,
	since: number,
	latest: number
): number {
	let low = latest;
	for (const d of devices) if (d.lastSeen >= since) low = Math.min(low, d.acked);
	return low;
}
