/**
 * Code-fence repair for streaming text (CommonMark "Fenced code blocks"), so a reply that is still
 * inside a fence renders as a code block from its first backtick to its last, never as raw
 * backticks flashing by.
 *
 * Lines are scanned with a light reading of the spec: container prefixes (`>` quotes, one list
 * marker) are skipped, any indentation is allowed. A 4-space indented code block whose content
 * looks like a fence would be misread — rare, and only until the final render.
 */

// Quote markers, then at most one list marker, then indentation.
const CONTAINER = String.raw`(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*`;
const OPENER = new RegExp(String.raw`^(${CONTAINER})(\`{3,}|~{3,})(.*?)\r?$`);
const BARE_FENCE = new RegExp(String.raw`^(${CONTAINER})(\`+|~+)[ \t\r]*$`);
const LIST_MARKER = /[-*+]|\d{1,9}[.)]/g;

export interface OpenFence {
	/** Line index of the opener. */
	line: number;
	/** What precedes the fence on the opener line (quotes, list marker, indentation). */
	prefix: string;
	/** The fence itself, e.g. "```" or "~~~~". */
	fence: string;
}

/**
 * Make streamed markdown safe to parse mid-fence: returns `text` with an unterminated code fence
 * at its end closed, an in-progress fence line (the first backticks of an opener or closer, on
 * the unfinished last line) dropped, and the info string of an opener still being typed held back
 * (so the block is not re-labelled `language-p`, `language-py`, …). Text with no open fence at its
 * end comes back unchanged, apart from a dropped unfinished 1–2 character fence line.
 */
export function closeOpenFence(text: string): string {
	const lines = text.split('\n');
	const open = findOpenFence(lines);
	// The last line is unfinished unless the text ends with a newline (then it is "").
	const last = lines.length - 1;
	const bare = BARE_FENCE.exec(lines[last] ?? '');
	if (!open) {
		// "``" alone on the unfinished line is an opener arriving, not text.
		if (bare && bare[2]!.length < 3) lines[last] = '';
		return lines.join('\n');
	}
	if (open.line === last) {
		lines[last] = open.prefix + open.fence;
	} else if (isFenceLineArriving(lines[last] ?? '', open.fence)) {
		// A closer arriving (shorter than the fence, or it would have closed it): not code.
		lines[last] = '';
	}
	const body = lines.join('\n');
	// The closer goes where the opener's content starts: under quotes, past a list marker.
	const closer = open.prefix.replace(LIST_MARKER, (m) => ' '.repeat(m.length)) + open.fence;
	return body + (body.endsWith('\n') ? '' : '\n') + closer;
}

/**
 * Whether the unfinished last line of a text inside an open `fence` (e.g. "```") is a fence line
 * being typed, "`" … "```" after any container prefix: most likely the closer arriving, so it is
 * not shown as code.
 */
export function isFenceLineArriving(line: string, fence: string): boolean {
	return BARE_FENCE.exec(line)?.[2]![0] === fence[0];
}

/**
 * Whether `line` closes a code block opened with `fence` (e.g. "```"): a bare fence of the same
 * character, at least as long, after any container prefix.
 */
export function closesFence(line: string, fence: string): boolean {
	const found = BARE_FENCE.exec(line)?.[2];
	return !!found && found[0] === fence[0] && found.length >= fence.length;
}

/** The code fence still open at the end of `lines` (its opener's line, prefix and fence), or null. */
export function findOpenFence(lines: readonly string[]): OpenFence | null {
	let open: OpenFence | null = null;
	for (const [i, line] of lines.entries()) {
		if (open) {
			if (closesFence(line, open.fence)) open = null;
			continue;
		}
		const m = OPENER.exec(line);
		if (!m) continue;
		const [, prefix = '', fence = '', info = ''] = m;
		// "```a``` b" is inline code, not a fence: a backtick fence's info has no backticks.
		if (fence[0] === '`' && info.includes('`')) continue;
		open = { line: i, prefix, fence };
	}
	return open;
}
