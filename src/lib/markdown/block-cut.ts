/**
 * Where an answer's text may be cut to put a tool card between its runs (state/turn-flow.ts):
 * each run is rendered alone, so a cut inside a code block would turn everything after it into
 * code (the rest of the block opens a fence of its own), and one inside a table would leave
 * its later rows as lines of pipes. Such a cut moves to the end of the block; elsewhere (between
 * paragraphs, or mid-sentence, where the agent stopped writing to call the tool) it stays.
 */
import { closesFence, findOpenFence } from './fences';

/** A table row as agents write them: a line that starts with a pipe. */
const TABLE_ROW = /^[ \t]*\|/;

/**
 * The place to cut `text` for something that began at `offset` (UTF-16 code units): `offset`
 * itself, or the end of the code block or table it falls in. Undefined while that block is
 * still being written (the cut waits for its end).
 */
export function blockCut(text: string, offset: number): number | undefined {
	if (offset <= 0 || offset >= text.length) return offset;
	const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
	const open = findOpenFence(text.slice(0, lineStart).split('\n'));
	if (open) return afterLine(text, lineStart, (line) => closesFence(line, open.fence));
	const lineEnd = text.indexOf('\n', offset);
	const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
	// Mid-row, or between two rows: after the table's last row.
	const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
	const between =
		lineStart === offset &&
		lineStart > 0 &&
		TABLE_ROW.test(text.slice(previousStart, lineStart - 1)) &&
		TABLE_ROW.test(line);
	if (!between && !(lineStart < offset && TABLE_ROW.test(line))) return offset;
	return afterLine(text, lineStart, (row) => !TABLE_ROW.test(row), true);
}

/**
 * The position after the first line from `from` on that `ends` says ends the block (`before`:
 * the position where that line starts instead); undefined when no line does yet.
 */
function afterLine(
	text: string,
	from: number,
	ends: (line: string) => boolean,
	before = false
): number | undefined {
	let start = from;
	for (;;) {
		const newline = text.indexOf('\n', start);
		// The line being written counts once it says something (a closing fence cannot grow into
		// anything but a longer one; a first character that is not a pipe ends a table).
		const line = text.slice(start, newline < 0 ? undefined : newline);
		if (newline < 0 && line.trim() === '') return undefined;
		if (ends(line)) return before ? start : newline < 0 ? text.length : newline + 1;
		if (newline < 0) return undefined;
		start = newline + 1;
	}
}

/**
 * `blockCut` for one answer as its text grows, each cut kept once found: the text only grows
 * while it streams, so a cut found stays right; a text that does not extend the last one
 * starts over.
 */
export class BlockCuts {
	#text = '';
	#cuts = new Map<number, number>();

	/** The cut for a piece that began at `offset` in `text` (see `blockCut`). */
	at(text: string, offset: number): number | undefined {
		if (!text.startsWith(this.#text)) this.#cuts.clear();
		this.#text = text;
		const known = this.#cuts.get(offset);
		if (known !== undefined) return known;
		const found = blockCut(text, offset);
		if (found !== undefined) this.#cuts.set(offset, found);
		return found;
	}
}
