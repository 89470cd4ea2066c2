/**
 * Well-formed text (doc/architecture.md "Storage failures, bad input, faults"): a gateway may cut a
 * stream between the two halves of a surrogate pair, or send lone surrogates outright. Stored and
 * rendered text is always well-formed UTF-16: lone surrogates become U+FFFD, except a high
 * surrogate at the very end of a streaming text, which is held back because the next update
 * completes it.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every lone surrogate replaced by U+FFFD (`String.prototype.toWellFormed`). */
export function wellFormed(text: string): string {
	return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Streaming text so far: a trailing high surrogate is dropped (its pair is still to come). */
export function wellFormedPrefix(text: string): string {
	const last = text.charCodeAt(text.length - 1);
	const cut = last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
	return wellFormed(cut);
}
