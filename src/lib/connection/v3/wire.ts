/**
 * The adapter's loose view of a decoded v3 frame (`protocol/hermes-v3` decodes and validates):
 * every envelope field optional, `data` an open record, so one reader handles all types and the
 * unions of `V3Frame` need no narrowing at each use.
 */
import type { V3Frame, V3Media } from '../../protocol/hermes-v3';

/** The v3 message types (`text` and the four media types), in the spec's order. */
export const V3_MESSAGE_TYPES = ['text', 'image', 'voice', 'video', 'file'] as const;
export type V3MessageType = (typeof V3_MESSAGE_TYPES)[number];

/** A v3 frame read field by field (`ts` Unix seconds). */
export interface LooseFrame {
	id?: string;
	type: string;
	from?: string;
	to?: string;
	session?: string;
	reply_to?: string | null;
	ts?: number;
	data?: { text?: unknown; media?: Partial<V3Media>; code?: unknown; [key: string]: unknown };
}

/** A decoded frame as the adapter reads it. */
export function loose(frame: V3Frame): LooseFrame {
	return frame as unknown as LooseFrame;
}
