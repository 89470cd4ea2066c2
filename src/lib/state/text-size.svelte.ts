/**
 * The interface's text size as state: Settings › Appearance reads and changes it; the choice is
 * applied to the document and remembered at once (platform/text-size.ts).
 */
import {
	applyTextSize,
	storedTextSize,
	storeTextSize,
	type TextSize
} from '$lib/platform/text-size';

/** The text size choice and its switch. */
class TextSizeState {
	/** The current choice. */
	current = $state<TextSize>(storedTextSize());

	/** Switch to `size`, apply it and remember it. */
	set(size: TextSize): void {
		this.current = size;
		applyTextSize(size);
		storeTextSize(size);
	}
}

/** The one text size state of the page. */
export const textSize = new TextSizeState();
