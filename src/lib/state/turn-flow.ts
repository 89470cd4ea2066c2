/**
 * The order an answer is read in: its text cut where tool cards, commentary beats and answered
 * questions began (`text_offset`), so text written before a tool stays above its card and what
 * came after it below. A question shows after the parts its turn had when it was asked
 * (`PickerRow.parts_before`). Pieces with no offset (a turn this device did not follow live)
 * join the place of the piece before them: a finished turn's parts and questions come before
 * its text, as they always did.
 */
import type { PartRow, PickerRow } from '../db/turn-rows';

/** A tool card or beat, or a question answered or closed. */
export type TurnPiece = { part: PartRow } | { picker: PickerRow };

/** A run of the answer's text, from `start` (UTF-16 code units). */
export interface FlowText {
	kind: 'text';
	/** `text:<start>`: the same run keeps its key (and its renderer) as the text grows. */
	key: string;
	start: number;
	text: string;
	/** The last run. */
	last: boolean;
	/**
	 * Still being written while the answer streams: the last run, or one the text has not yet
	 * filled up to the piece after it (the page's copy of the text can lag behind the worker's
	 * measure of where the piece began).
	 */
	open: boolean;
}

/** Pieces that began at one place in the text, in order of arrival. */
export interface FlowPieces {
	kind: 'pieces';
	/** `pieces:<first piece's id>`. */
	key: string;
	pieces: TurnPiece[];
}

export type FlowItem = FlowText | FlowPieces;

/** The id a piece is keyed by. */
export function pieceKey(piece: TurnPiece): string {
	return 'part' in piece ? piece.part.part_id : `picker:${piece.picker.picker_id}`;
}

/**
 * `text`, `parts` (in order of arrival) and answered `pickers` as the bubble draws them: text and
 * groups of pieces in turn, always ending with a text run (empty before the first words).
 * Offsets past the text (the final text may differ from what streamed) put a piece after it; an
 * offset smaller than an earlier piece's is moved up to it, so pieces keep their order.
 */
export function turnFlow(
	text: string,
	parts: readonly PartRow[],
	pickers: readonly PickerRow[] = []
): FlowItem[] {
	const items: FlowItem[] = [];
	let start = 0;
	let group: FlowPieces | undefined;
	for (const piece of inOrder(parts, pickers)) {
		const offset = 'part' in piece ? piece.part.text_offset : piece.picker.text_offset;
		const at = Math.min(Math.max(offset ?? 0, start), text.length);
		if (group && at === start) {
			group.pieces.push(piece);
			continue;
		}
		if (at > start) items.push(run(text, start, at, (offset ?? 0) > text.length));
		start = at;
		group = { kind: 'pieces', key: `pieces:${pieceKey(piece)}`, pieces: [piece] };
		items.push(group);
	}
	items.push({ ...run(text, start, text.length, true), last: true });
	return items;
}

/** Parts by arrival; each question before the first part that came after it (else last). */
function inOrder(parts: readonly PartRow[], pickers: readonly PickerRow[]): TurnPiece[] {
	const waiting = [...pickers];
	const pieces: TurnPiece[] = [];
	for (const part of parts) {
		while (waiting.length > 0 && (waiting[0]!.parts_before ?? Infinity) <= part.seq) {
			pieces.push({ picker: waiting.shift()! });
		}
		pieces.push({ part });
	}
	for (const picker of waiting) pieces.push({ picker });
	return pieces;
}

function run(text: string, start: number, end: number, open: boolean): FlowText {
	const slice = text.slice(start, end);
	return { kind: 'text', key: `text:${start}`, start, text: slice, last: false, open };
}
