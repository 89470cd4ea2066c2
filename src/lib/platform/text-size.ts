/**
 * The text size of the whole interface: `<html data-text-size="small|large|larger">` scales the
 * root font size (tokens.css), and with it every `rem` (type scale, spacing, message text); no
 * attribute is the browser's own size. Remembered in localStorage and applied from the client
 * `init` hook before the first render, like the theme (platform/theme.ts).
 */

/** The user's choice, smallest first. */
export type TextSize = 'small' | 'default' | 'large' | 'larger';

/** All choices, in the order Settings offers them. */
export const TEXT_SIZES: readonly TextSize[] = ['small', 'default', 'large', 'larger'];

/** localStorage key of the choice (absent: `default`). */
export const TEXT_SIZE_STORAGE_KEY = 'iris.text-size';

/** Whether `value` is a text size. */
export function isTextSize(value: unknown): value is TextSize {
	return typeof value === 'string' && (TEXT_SIZES as readonly string[]).includes(value);
}

/** The remembered choice; `default` when none is stored or storage is blocked. */
export function storedTextSize(): TextSize {
	try {
		const value = globalThis.localStorage?.getItem(TEXT_SIZE_STORAGE_KEY);
		return isTextSize(value) ? value : 'default';
	} catch {
		return 'default';
	}
}

/** Remember `size` (a blocked storage only loses the memory, not the change). */
export function storeTextSize(size: TextSize): void {
	try {
		if (size === 'default') globalThis.localStorage?.removeItem(TEXT_SIZE_STORAGE_KEY);
		else globalThis.localStorage?.setItem(TEXT_SIZE_STORAGE_KEY, size);
	} catch (e) {
		console.warn('[text-size] could not remember the text size', e);
	}
}

/** Apply `size` to `doc`'s root element (`data-text-size`; none for `default`). */
export function applyTextSize(size: TextSize, doc: Document = document): void {
	const root = doc.documentElement;
	if (size === 'default') delete root.dataset.textSize;
	else root.dataset.textSize = size;
}
