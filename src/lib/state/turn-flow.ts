/**
 * The order an answer is read in: its text cut where tool cards, commentary beats and answered
 * questions began (`text_offset`), so text written before a tool stays above its card and what
 * came after it below. A question shows after the parts its turn had when it was asked
 * (`PickerRow.parts_before`). A piece with no offset (its frame came while this device could not
 * measure: a reload or a reconnect mid-turn) shows with the next piece that has one, as it began
 * before it; after the last one, with the piece before it; in a turn with none (not followed
 * live, or its final text replaced what was measured) every piece comes before the text, as
 * they always did.
 */
import type { PartRow, PickerRow } from '../db/turn-rows';

/** A tool card or beat, or a question answered or closed: the stored row itself. */
export type TurnPiece = PartRow | PickerRow;

/** A run of the answer's text, from `start` (UTF-16 code units). */
export interface FlowText {
	kind: 'text';
	/**
	 * `text:first`, or `text:after:<the piece before it>`: the same run keeps its key (and its
	 * renderer) as the text grows and as a cut that waits moves.
	 */
	key: string;
	start: number;
	text: string;
	/** The last run. */
	last: boolean;
	/**
	 * Still being written while the answer streams: the last run, or one the text has not yet
	 * filled up to the piece after it (the page's copy of the text can lag behind the worker's
	 * measure of where the piece began, and a cut waits for the end of a code block or table).
	 */
	open: boolean;
}

/** One piece, keyed by its own id: it keeps its card (an open Arguments, the focus) as runs move. */
export interface FlowPiece {
	kind: 'piece';
	key: string;
	piece: TurnPiece;
}

export type FlowItem = FlowText | FlowPiece;

/**
 * Where a piece that began at `offset` may cut the text: `offset`, a later place (the end of
 * the block it fell in), or undefined while that place is not written yet.
 */
export type CutAt = (offset: number) => number | undefined;

/** Whether a piece is a question (else a tool card or beat). */
export function isPicker(piece: TurnPiece): piece is PickerRow {
	return 'picker_id' in piece;
}

/**
 * `text`, `parts` (in order of arrival) and answered `pickers` as the bubble draws them: runs of
 * text and pieces in turn, always ending with a text run (empty before the first words). With
 * `placed` false every offset is ignored. Offsets past the text put a piece after it (the run
 * before it open); an offset smaller than an earlier piece's is moved up to it, so pieces keep
 * their order.
 */
export function turnFlow(
	text: string,
	parts: readonly PartRow[],
	pickers: readonly PickerRow[] = [],
	{ placed = true, cut = (offset: number) => offset }: { placed?: boolean; cut?: CutAt } = {}
): FlowItem[] {
	const items: FlowItem[] = [];
	const pieces = inOrder(parts, pickers);
	// A piece without a place came before the next piece that has one: at most there.
	const offsets: (number | undefined)[] = [];
	let next: number | undefined;
	for (let i = pieces.length - 1; i >= 0; i--) {
		next = (placed ? pieces[i]!.text_offset : undefined) ?? next;
		offsets[i] = next;
	}
	let start = 0;
	let runKey = 'text:first';
	for (const [i, piece] of pieces.entries()) {
		const offset = offsets[i];
		const place = offset === undefined || offset <= start ? start : cut(offset);
		const reached = place !== undefined && place <= text.length;
		const at = reached ? Math.max(place, start) : text.length;
		if (at > start) items.push(run(runKey, text, start, at, !reached));
		start = at;
		const key = pieceKey(piece);
		items.push({ kind: 'piece', key, piece });
		runKey = `text:after:${key}`;
	}
	items.push({ ...run(runKey, text, start, text.length, true), last: true });
	return items;
}

function pieceKey(piece: TurnPiece): string {
	return isPicker(piece) ? `picker:${piece.picker_id}` : `part:${piece.part_id}`;
}

/**
 * Parts by arrival; each question before the first part that came after it (else last). Questions
 * are taken by `parts_before` (those asked in one batch share a time stamp, so their given order
 * may not be the order they were asked in).
 */
function inOrder(parts: readonly PartRow[], pickers: readonly PickerRow[]): TurnPiece[] {
	const after = (picker: PickerRow) => picker.parts_before ?? Number.MAX_SAFE_INTEGER;
	const waiting = [...pickers].sort((a, b) => after(a) - after(b));
	const pieces: TurnPiece[] = [];
	for (const part of parts) {
		while (waiting.length > 0 && after(waiting[0]!) <= part.seq) {
			pieces.push(waiting.shift()!);
		}
		pieces.push(part);
	}
	pieces.push(...waiting);
	return pieces;
}

function run(key: string, text: string, start: number, end: number, open: boolean): FlowText {
	const slice = text.slice(start, end);
	return { kind: 'text', key, start, text: slice, last: false, open };
}
