/**
 * Counters for the benchmark (`npm run bench`, scenario S1): how many markdown renders ran and how
 * many characters the parser was given. Kept on `globalThis.__irisMarkdownStats` so the bench can
 * read them from the page; the cost is two additions per render.
 */

/** Totals since the page loaded (or the last `resetMarkdownStats`). */
export interface MarkdownStats {
	/** Markdown renders (streaming updates and one-shot renders). */
	renders: number;
	/** Characters handed to the markdown lexer (or scanned by the open-fence fast path), summed. */
	charsParsed: number;
}

const stats: MarkdownStats = { renders: 0, charsParsed: 0 };
(globalThis as { __irisMarkdownStats?: MarkdownStats }).__irisMarkdownStats = stats;

/** Count one render of `chars` characters of markdown. */
export function recordRender(chars: number): void {
	stats.renders += 1;
	stats.charsParsed += chars;
}

/** A copy of the counters. */
export function markdownStats(): MarkdownStats {
	return { ...stats };
}

/** Zero the counters. */
export function resetMarkdownStats(): void {
	stats.renders = 0;
	stats.charsParsed = 0;
}
