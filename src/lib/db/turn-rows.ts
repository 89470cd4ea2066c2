/**
 * Rows for the anatomy of an assistant turn (schema version 2): tool cards and
 * commentary beats (`parts`), and pickers. Times are epoch ms except `ToolPart.duration`,
 * which is seconds as in `tool.end`.
 */
import type { ServerPayloads } from '../protocol/iris/frames';

/**
 * Where a tool card, commentary beat or question began in its answer's text: the message
 * measured and the length of its text then (UTF-16 code units). Never on the wire: the worker's
 * frame router adds it to the frame's payload as the frame arrives (connection/part-offsets.ts)
 * and drops one a gateway sent; the store keeps it as `text_offset`.
 */
export interface TextAt {
	message_id: string;
	offset: number;
}

/** A frame's payload with the router's measure (`TextAt`), if it took one. */
export type Measured<P> = P & { text_at?: TextAt };

/** The router's measure on a frame's payload, if any. */
export function textAtOf(payload: object): TextAt | undefined {
	return (payload as Measured<object>).text_at;
}

interface PartBase {
	/** The assistant message (turn) the part belongs to. */
	message_id: string;
	/** `tool:<index>` for a tool card, `commentary:<text>` for a beat. */
	part_id: string;
	chat_id: string;
	/** Order of arrival within the turn: 0, 1, 2 … */
	seq: number;
	/**
	 * How much of the answer's text (UTF-16 code units) had streamed when the part began: the
	 * bubble draws it there (state/turn-flow.ts). Absent when this device did not follow that
	 * moment live (a replay, a reload or reconnect mid-turn, older rows): the part shows with the
	 * next part or question that has a place, else with the one before it, else before the text.
	 */
	text_offset?: number;
}

/** One tool call, from `tool.start` / `tool.progress` / `tool.end` with the same `index`. */
export interface ToolPart extends PartBase {
	kind: 'tool';
	index: number;
	name: string;
	preview?: string;
	args?: Record<string, unknown>;
	/** `tool.progress` notes, oldest first, each once. */
	notes: string[];
	/** `stopped`: its turn stopped before its `tool.end` came (a late one still ends it). */
	state: 'running' | 'ok' | 'failed' | 'stopped';
	/** Seconds (spec `tool.end.duration`). */
	duration?: number;
	output_preview?: string;
}

/** An intermediate beat of the turn (`commentary`). */
export interface CommentaryPart extends PartBase {
	kind: 'commentary';
	text: string;
}

export type PartRow = ToolPart | CommentaryPart;

/** The picker frame types. */
export type PickerType =
	'picker.model' | 'picker.choice' | 'picker.clarify' | 'picker.approval' | 'picker.confirm';

/**
 * A picker as stored, keyed by `picker_id`:
 * - `open`: waiting for the user;
 * - `sending`: the user chose, `picker.select` is on its way;
 * - `answered`: the server took the answer (or another device answered, extension `answer`);
 * - `expired`: the server no longer knows it (unknown or answered elsewhere, `error{not_found}`).
 */
export interface PickerRow<T extends PickerType = PickerType> {
	picker_id: string;
	type: T;
	chat_id: string;
	thread_id?: string;
	/** The turn it belongs to (extension `message_id`, or the chat's latest assistant message). */
	message_id?: string;
	ts: number;
	payload: ServerPayloads[T];
	state: 'open' | 'sending' | 'answered' | 'expired';
	/** What the user chose: value sent, label shown. */
	answer?: { value: string; label: string };
	/** Why the answer did not go through, shown in the picker. */
	error?: string;
	/** How many parts its turn had when it was asked: it shows after them, before the next. */
	parts_before?: number;
	/** Where in the answer's text it was asked (`PartBase.text_offset`). */
	text_offset?: number;
}
