/**
 * Where an answer's text may be cut to put a tool card between its runs (state/turn-flow.ts):
 * each run is rendered alone, so a cut inside a code block would turn everything after it into
 * code (the rest of the block opens a fence of its own), and one inside a table would leave
 * its later rows as lines of pipes. Such a cut moves to the end of the block; elsewhere (between
 * paragraphs, or mid-sentence, where the agent stopped writing to call the tool) it stays.
 * Tables are found as agents write them, each row starting with a pipe (one without, or inside
 * a quote or a list, is not); code blocks as `./fences.ts` reads them.
 */
import { closesFence, findOpenFence } from './fences';

/** A table row as agents write them: a line that starts with a pipe. */
const TABLE_ROW = /^[ \t]*\|/;

/**
 * The place to cut `text` for something that began at `offset` (UTF-16 code units): `offset`
 * itself, or the end of the code block or table it falls in. Undefined while that block is
 * still being written (the cut waits for its end), also when the text so far ends inside one.
 */
export function blockCut(text: string, offset: number): number | undefined {
	if (offset <= 0) return offset;
	const at = Math.min(offset, text.length);
	const lineStart = text.lastIndexOf('\n', at - 1) + 1;
	const lines = text.slice(0, at).split('\n');
	const open = findOpenFence(lines);
	if (open) {
		// An opener on the cut line itself: its closer comes on a later line.
		const from = open.line === lines.length - 1 ? text.indexOf('\n', at) + 1 : lineStart;
		if (from === 0) return undefined;
		return afterLine(text, from, (line) => closesFence(line, open.fence), false);
	}
	const lineEnd = text.indexOf('\n', at);
	const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
	if (at === text.length && at === lineStart) {
		// At the end of the text, after a complete line: a table may go on.
		const previous = text.slice(text.lastIndexOf('\n', at - 2) + 1, at - 1);
		return TABLE_ROW.test(previous) ? undefined : offset;
	}
	// Mid-row, or between two rows: after the table's last row.
	const previousStart = text.lastIndexOf('\n', lineStart - 2) + 1;
	const between =
		lineStart === at &&
		lineStart > 0 &&
		TABLE_ROW.test(text.slice(previousStart, lineStart - 1)) &&
		TABLE_ROW.test(line);
	if (!between && !(lineStart < at && TABLE_ROW.test(line))) return offset;
	return afterLine(text, lineStart, (row) => !TABLE_ROW.test(row), true);
}

/**
 * The position after the first complete line from `from` on that `ends` says ends the block
 * (`table`: the position where that line starts instead, and the line being written counts
 * once its first character is not a pipe); undefined when no line does yet. A fence's closer
 * counts only once its line is complete: "```" may still grow into "```bash".
 */
function afterLine(
	text: string,
	from: number,
	ends: (line: string) => boolean,
	table: boolean
): number | undefined {
	let start = from;
	for (;;) {
		const newline = text.indexOf('\n', start);
		const line = text.slice(start, newline < 0 ? undefined : newline);
		if (newline < 0) return table && line.trim() !== '' && ends(line) ? start : undefined;
		if (ends(line)) return table ? start : newline + 1;
		start = newline + 1;
	}
}

/**
 * `blockCut` for one answer as its text grows, each cut kept once the text has gone past it:
 * the text only grows while it streams, so such a cut stays right; a text that does not extend
 * the last one starts over.
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
		if (found !== undefined && found < text.length) this.#cuts.set(offset, found);
		return found;
	}
}
