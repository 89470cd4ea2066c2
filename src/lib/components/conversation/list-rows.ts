/** Older-history paging of the message list; absent = no paging row. */
export interface Paging {
	hasMore: boolean;
	loading: boolean;
	error: string | null;
	onolder: () => void;
}

/**
 * Each row of the list lays out its bubble (user bubbles align right); the gaps between rows are
 * the bubbles' margins (wider between sender groups).
 */
export const ROW_STYLE = {
	display: 'flex',
	'flex-direction': 'column',
	padding: '0 1rem',
	'box-sizing': 'border-box'
};

/**
 * Layout figures of a message row at a 16 px root font (px); see MessageBubble's styles. Checked
 * against rendered rows (2026-12-04, a list 1,008 px wide): a one-line question 74 px (estimate
 * 80), a short answer with a list 202 (184), a long answer with a list and code 411–445 (432),
 * a longer one 749 (760).
 */
const ROW = {
	/** The row's side padding (1rem each side, `ROW_STYLE`). */
	padding: 32,
	/** A bubble's widest (46rem) and its share of the row (92 %). */
	bubbleMax: 736,
	bubbleShare: 0.92,
	/** The bubble's side padding (`--space-3` each side). */
	bubblePadding: 24,
	/** The average advance of a character of body text (16 px sans-serif); a wide one (CJK) 2×. */
	char: 8,
	/** A line of body text (16 px × 1.5). */
	line: 24,
	/** A blank line: a paragraph's or a block's margin. */
	blank: 16,
	/** Everything around the text: the bubble's padding, its time line, the gap to the next row. */
	chrome: 56
} as const;

/** How many of the newest rows the estimate reads: about what opening at the end shows. */
const ESTIMATE_ROWS = 20;
/** The estimate when there is no text to go by (px at a 16 px root font). */
const DEFAULT_ROW_PX = 120;
/** East Asian wide characters (Hangul, CJK, kana, full-width forms): about twice as wide. */
const WIDE =
	/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** A line's width in average characters (wide characters count twice). */
function lineWidth(line: string): number {
	return line.length + (line.match(WIDE)?.length ?? 0);
}

/** A row's height guessed from its text at `charsPerLine` (px at a 16 px root font). */
function guessRow(text: string, charsPerLine: number): number {
	let height = ROW.chrome;
	for (const line of text.split('\n')) {
		height += line.trim() ? ROW.line * Math.ceil(lineWidth(line) / charsPerLine) : ROW.blank;
	}
	return height;
}

/**
 * virtua's size (px) for rows it has not measured yet, guessed from the text of the newest of
 * `rows` in a list `widthPx` wide whose root font is `remPx` (the text-size setting scales it):
 * the median of each row's lines × line height, plus the bubble around them. Virtua mounts as
 * many rows as this size fits in the view; its own default (40 px) made a list opening among long
 * answers (a channel's first messages, a reconnect's catch-up) mount and measure 15 of them where
 * 2 fill the view. It re-estimates from what it measures.
 */
export function estimateRowSize(
	rows: readonly { text: string }[],
	widthPx: number,
	remPx = 16
): number {
	const scale = remPx > 0 ? remPx / 16 : 1;
	const newest = rows.slice(-ESTIMATE_ROWS);
	if (newest.length === 0 || !(widthPx > 0)) return DEFAULT_ROW_PX * scale;
	// Everything scales with the root font: guess at 16 px in a list as many rem wide, scale back.
	const width = widthPx / scale;
	const bubble = Math.min(ROW.bubbleMax, (width - ROW.padding) * ROW.bubbleShare);
	const charsPerLine = Math.max(10, Math.floor((bubble - ROW.bubblePadding) / ROW.char));
	const sizes = newest.map((r) => guessRow(r.text, charsPerLine)).sort((a, b) => a - b);
	const mid = sizes.length >> 1;
	const median = sizes.length % 2 ? sizes[mid]! : (sizes[mid - 1]! + sizes[mid]!) / 2;
	return median * scale;
}

/**
 * The cache snapshot MessageList mounts virtua with (virtua's `CacheSnapshot`: no sizes, and
 * `estimateRowSize` for every row until measured) for `rows` in `scroller`. Reads the scroller's
 * width and the root font size: call once per mount, not per render.
 */
export function initialSizes(
	rows: readonly { text: string }[],
	scroller: HTMLElement
): [number[], number] {
	const remPx = parseFloat(getComputedStyle(document.documentElement).fontSize);
	return [[], estimateRowSize(rows, scroller.clientWidth, remPx)];
}
