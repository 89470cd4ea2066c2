/**
 * The decisions the window's key handler makes about the app's keyboard shortcuts (the list
 * shown to the user is shortcut-list.ts). Pure functions of the event and the page state, so
 * they are unit-testable.
 */

/** What a key press asks of the window's handler; null: not a shortcut (leave it alone). */
export type ShortcutAction = 'previous-channel' | 'next-channel' | 'show-shortcuts' | null;

/** The fields of a `KeyboardEvent` that decide. */
export type ShortcutKeyEvent = Pick<
	KeyboardEvent,
	'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'isComposing'
>;

/**
 * The shortcut a key press is. Alt+↑/↓ and Ctrl/⌘+/ work while typing (they type nothing);
 * `?` only outside a text field, where it would otherwise be a character of the text.
 * @param inTextField the focus is in a field that takes text (`isTextField`)
 */
export function shortcutAction(event: ShortcutKeyEvent, inTextField: boolean): ShortcutAction {
	if (event.isComposing) return null;
	const { key, altKey, ctrlKey, metaKey, shiftKey } = event;
	if (altKey && !ctrlKey && !metaKey && !shiftKey) {
		if (key === 'ArrowUp') return 'previous-channel';
		if (key === 'ArrowDown') return 'next-channel';
	}
	if ((ctrlKey || metaKey) && !altKey && key === '/') return 'show-shortcuts';
	if (key === '?' && !ctrlKey && !metaKey && !altKey && !inTextField) return 'show-shortcuts';
	return null;
}

/** Input types that take no typed text: a `?` pressed on them is not a character. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'reset', 'submit']);

/** Whether `element` takes typed text (a text input, a textarea, a select, contenteditable). */
export function isTextField(element: Element | null): boolean {
	if (!element) return false;
	if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
	if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
	return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * The channel before (`step` -1) or after (+1) `current` in the list order, or undefined at
 * either end (no wrapping: the ends stay where they are) or when `current` is not listed.
 */
export function adjacentChannel(
	ids: readonly string[],
	current: string | undefined,
	step: 1 | -1
): string | undefined {
	const index = current === undefined ? -1 : ids.indexOf(current);
	if (index < 0) return undefined;
	return ids[index + step];
}
