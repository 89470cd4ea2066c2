/**
 * Log lines must not be forgeable: text that came from the network (frame fields, file names,
 * device names, URLs, error messages quoting them) could otherwise start a new line that looks
 * like the gateway's own (`\n[gateway] authenticated device …`), rewrite the terminal with ANSI
 * escapes, or hide text with bidi controls. Every line the gateway logs goes through
 * `escapeLogText` (`Hub.log` and the server's own log both apply it), so no call site can forget.
 */

/** Longest log line kept, characters; the rest is cut with a note of how much. */
export const MAX_LOG_LINE = 2_000;

// C0 controls (newline, carriage return, ESC …), DEL, C1 controls, line/paragraph separators,
// bidi embeddings, overrides and isolates, and lone surrogates (not text at all).
const UNSAFE =
	// eslint-disable-next-line no-control-regex -- matching control characters is the point
	/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeOne(c: string): string {
	if (c === '\n') return '\\n';
	if (c === '\r') return '\\r';
	if (c === '\t') return '\\t';
	const code = c.charCodeAt(0);
	return code <= 0xff
		? `\\x${code.toString(16).padStart(2, '0')}`
		: `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` as one printable line: control, bidi and separator characters as `\n`, `\x1b`, `\u202e`
 * escapes (a backslash itself stays as it is), cut after `max` characters.
 */
export function escapeLogText(text: string, max = MAX_LOG_LINE): string {
	const escaped = text.replace(UNSAFE, escapeOne);
	if (escaped.length <= max) return escaped;
	return `${escaped.slice(0, max)}… (${escaped.length - max} more characters)`;
}

/** A value from the network quoted for a log line: `"…"`, escaped and cut at 200 characters. */
export function quoted(value: unknown): string {
	const text = typeof value === 'string' ? value : String(value);
	return `"${escapeLogText(text, 200)}"`;
}
