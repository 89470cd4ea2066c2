/** Longest quote shown of the message a reply answers, characters (CSS may cut it shorter). */
const QUOTE_MAX = 80;

/**
 * A one-line excerpt of a message for a reply's quote: whitespace collapsed and the commonest
 * markdown markers (headings, quotes, emphasis, code ticks) dropped, so the line reads as text.
 */
export function quoteSnippet(text: string): string {
	const plain = text
		.replace(/^\s{0,3}(?:#{1,6}|>)\s*/gm, '')
		.replace(/[*_`~]+/g, '')
		.replace(/\s+/g, ' ')
		.trim();
	return plain.length > QUOTE_MAX ? `${plain.slice(0, QUOTE_MAX - 1).trimEnd()}…` : plain;
}
