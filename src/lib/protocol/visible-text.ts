/**
 * Names from the network (channel names, file names) shown so that what you see is what it is
 * (doc/security.md "Invisible and bidi characters"). `General\u200B` must not pass for a second
 * "General", and `invoice\u202Efdp.exe` must not display as "invoiceexe.pdf".
 *
 * Hidden characters are shown, not stripped: a stripped `General\u200B` would look exactly like
 * the real one. Each becomes a visible escape `⟨U+200B⟩`. What counts as hidden:
 * - bidi controls (embeddings, overrides, isolates, LRM/RLM/ALM);
 * - invisible format characters: zero-width space, word joiner, BOM, soft hyphen, invisible
 *   math operators, interlinear annotation, Hangul fillers, blank-looking characters (U+2800,
 *   U+3164), tag characters outside an emoji tag sequence;
 * - control characters (C0, C1, line and paragraph separators);
 * - ZWJ/ZWNJ and variation selectors unless they sit where scripts and emoji use them: ZWJ/ZWNJ
 *   between two non-ASCII letters, marks or emoji (Persian, Indic scripts, 👩‍💻), a variation
 *   selector right after a non-ASCII character (❤️, CJK variants) or in a keycap (1️⃣).
 *
 * Pure: shared by the page and the service worker (notification titles).
 */

/** One piece of a name: plain text, or one hidden character shown as `⟨U+XXXX⟩`. */
export interface NameSegment {
	text: string;
	/** The hidden character's code point, when this segment is an escape. */
	hidden?: number;
}

/**
 * Code point ranges always hidden (inclusive): controls (C0, DEL, C1), soft hyphen, CGJ, ALM,
 * Hangul fillers, Khmer inherent vowels, Mongolian vowel separator, zero-width space, LRM/RLM,
 * line/paragraph separators, embeddings and overrides, word joiner, invisible operators,
 * isolates and deprecated format characters, the braille blank, BOM, interlinear annotation,
 * musical formatting, the language tag.
 */
const HIDDEN_RANGES: readonly (readonly [number, number])[] = [
	[0x0000, 0x001f],
	[0x007f, 0x009f],
	[0x00ad, 0x00ad],
	[0x034f, 0x034f],
	[0x061c, 0x061c],
	[0x115f, 0x1160],
	[0x17b4, 0x17b5],
	[0x180e, 0x180e],
	[0x200b, 0x200b],
	[0x200e, 0x200f],
	[0x2028, 0x202e],
	[0x2060, 0x206f],
	[0x2800, 0x2800],
	[0x3164, 0x3164],
	[0xfeff, 0xfeff],
	[0xffa0, 0xffa0],
	[0xfff9, 0xfffb],
	[0x1d173, 0x1d17a],
	[0xe0001, 0xe0001]
];

function alwaysHidden(cp: number): boolean {
	return HIDDEN_RANGES.some(([from, to]) => cp >= from && cp <= to);
}

const JOINER = /[\u200c\u200d]/u;
const VARIATION = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
const TAG = /[\u{e0020}-\u{e007f}]/u;
/** What a joiner may sit between: non-ASCII letters, marks and emoji. */
const JOINABLE = /^[\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]$/u;
const isAscii = (ch: string) => ch.codePointAt(0)! <= 0x7f;
/** U+20E3 (combining enclosing keycap): `1️⃣` is "1", VS16, U+20E3. */
const KEYCAP = '\u20e3';
/** U+1F3F4 (waving black flag): the base of emoji tag sequences such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿. */
const TAG_BASE = 0x1f3f4;

/** The escape shown for a hidden code point: `⟨U+200B⟩`. */
export function escapeCodePoint(cp: number): string {
	return `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

function joinable(ch: string | undefined): boolean {
	return ch !== undefined && !isAscii(ch) && JOINABLE.test(ch);
}

/** Whether the character at `i` of `chars` (code points) is hidden in its context. */
function isHidden(chars: readonly string[], i: number, inTagSequence: boolean): boolean {
	const ch = chars[i]!;
	if (alwaysHidden(ch.codePointAt(0)!)) return true;
	if (JOINER.test(ch)) return !(joinable(chars[i - 1]) && joinable(chars[i + 1]));
	if (VARIATION.test(ch)) {
		const before = chars[i - 1];
		if (before === undefined || VARIATION.test(before)) return true;
		return isAscii(before) && chars[i + 1] !== KEYCAP;
	}
	if (TAG.test(ch)) return !inTagSequence;
	return false;
}

/**
 * `name` cut into plain runs and escapes of its hidden characters (see the module doc). A name
 * without hidden characters is one plain segment (or none when empty).
 */
export function nameSegments(name: string): NameSegment[] {
	const chars = [...name];
	const out: NameSegment[] = [];
	let plain = '';
	let inTags = false;
	for (const [i, ch] of chars.entries()) {
		const cp = ch.codePointAt(0)!;
		// A tag sequence runs from U+1F3F4 up to its cancel tag U+E007F.
		if (cp === TAG_BASE) inTags = true;
		else if (!TAG.test(ch)) inTags = false;
		if (!isHidden(chars, i, inTags)) {
			plain += ch;
			continue;
		}
		if (plain) out.push({ text: plain });
		plain = '';
		out.push({ text: escapeCodePoint(cp), hidden: cp });
	}
	if (plain) out.push({ text: plain });
	return out;
}

/** `name` with every hidden character replaced by its `⟨U+XXXX⟩` escape (for text and labels). */
export function visibleName(name: string): string {
	return nameSegments(name)
		.map((s) => s.text)
		.join('');
}

/** Whether `name` has hidden characters (it would show escapes). */
export function hasHiddenCharacters(name: string): boolean {
	return nameSegments(name).some((s) => s.hidden !== undefined);
}

/**
 * A file name safe to save a download under: hidden characters removed (a saved
 * `invoice\u202Efdp.exe` would still display reversed in the file manager), path separators
 * replaced by `_`, and `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'download'): string {
	const kept = nameSegments(name)
		.filter((s) => s.hidden === undefined)
		.map((s) => s.text)
		.join('')
		.replace(/[/\\]/g, '_')
		.trim();
	return kept && kept !== '.' && kept !== '..' ? kept : fallback;
}
