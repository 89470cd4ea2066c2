/**
 * GFM table repair for streaming text ("Tables (extension)"): a table only exists once its
 * delimiter row (`|---|---|`) is complete, so while its header and that row stream in, the header
 * would flash as a paragraph of pipes. Body rows need no help: `marked` already renders a partial
 * last row (missing cells are empty, extra ones dropped).
 */

const DELIMITER_CELL = /^[ \t]*:?-+:?[ \t]*$/;
// Only pipes, colons, dashes and blanks: what a delimiter row looks like while it is typed.
const DELIMITER_PREFIX = /^[ \t]*[|:-][ \t|:-]*$/;

/**
 * Returns `text` with an unfinished delimiter row on its last line completed to the header's
 * number of cells (typed cells kept, the rest `---`). Unchanged when the text ends with a newline
 * (nothing is unfinished), when the last line is not a partial delimiter, when the line above is no
 * table header (no pipe, or already a row of an existing table), or when the row is already whole.
 */
export function completeTableDelimiter(text: string): string {
	const lines = text.split('\n');
	const row = lines.at(-1) ?? '';
	if (lines.length < 2 || !DELIMITER_PREFIX.test(row)) return text;
	const header = lines.at(-2) ?? '';
	// The header itself counts: right under a delimiter row, the line is the first body row.
	if (!header.includes('|') || insideTable(lines.slice(0, -1))) return text;
	const want = cells(header).length;
	const typed = cells(row);
	if (typed.length > want) return text;
	if (typed.length === want && typed.every((c) => DELIMITER_CELL.test(c))) return text;
	const completed = Array.from({ length: want }, (_, i) => {
		const cell = typed[i];
		return cell !== undefined && DELIMITER_CELL.test(cell) ? cell.trim() : '---';
	});
	lines[lines.length - 1] = `| ${completed.join(' | ')} |`;
	return lines.join('\n');
}

// A line that may be a table's header: it starts with a pipe (how agents write tables), in a
// quote or not.
const HEADER_START = /^(?:[ \t]*>)*[ \t]{0,3}\|/;
/** Characters of a piped line after which it needs three pipes to be taken for a header. */
const HEADER_GUESS = 40;

/**
 * Returns `text` without a table header still on its own at the end: the last line (or the last
 * complete one, the next not begun) starts with a pipe (after up to 3 spaces, in a quote or not)
 * and the line above has none. Until its delimiter row starts nothing says it is a table, and it
 * would show as a paragraph of pipes that jumps into a table a line later; held back, the table
 * appears whole with its header. A piped line that turns out to be text shows once the next line
 * starts, or once it is longer than a header with fewer than three pipes would be.
 */
export function holdTableHeader(text: string): string {
	const lines = text.split('\n');
	let last = lines.length - 1;
	if (lines[last] === '' && last > 0) last -= 1;
	const line = lines[last]!;
	if (!HEADER_START.test(line)) return text;
	if (last > 0 && lines[last - 1]!.includes('|')) return text;
	// Past a few words, a line with fewer than three pipes is text (`|x| is the absolute value`).
	if (line.trim().length > HEADER_GUESS && (line.match(/\|/g) ?? []).length < 3) return text;
	return lines.slice(0, last).join('\n') + (last > 0 ? '\n' : '');
}

/** Whether the piped lines at the end of `above` include a delimiter row. */
function insideTable(above: readonly string[]): boolean {
	for (let i = above.length - 1; i >= 0; i--) {
		const line = above[i]!;
		if (!line.includes('|')) return false;
		const parts = cells(line);
		if (parts.length > 0 && parts.every((c) => DELIMITER_CELL.test(c))) return true;
	}
	return false;
}

/** The cells of a row: one optional outer pipe each side, split on unescaped pipes. */
function cells(row: string): string[] {
	const inner = row
		.trim()
		.replace(/^\|/, '')
		.replace(/(?<!\\)\|$/, '');
	return inner.split(/(?<!\\)\|/);
}
