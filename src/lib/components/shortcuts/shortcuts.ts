/**
 * The app's keyboard shortcuts: the list shown in the "Keyboard shortcuts" dialog and in
 * Settings (one source, so the two never disagree), and the decisions the window's key handler
 * makes. Pure functions of the event and the page state, so they are unit-testable.
 */
import { m } from '$lib/i18n';

/** Keys pressed together, as shown on their caps (e.g. `['Ctrl', 'K']`). */
export type Combo = string[];

/** One entry of the list: any of `combos` does `label`. */
export interface Shortcut {
	combos: Combo[];
	label: string;
}

/** A titled group of entries (General, Channels, …). */
export interface ShortcutGroup {
	title: string;
	shortcuts: Shortcut[];
}

/** What the list depends on: the platform's key names and the Enter-to-send preference. */
export interface ShortcutContext {
	/** An Apple keyboard: ⌘ and ⌥ instead of Ctrl and Alt. */
	mac: boolean;
	/** A plain Enter sends (state/enter-key.svelte.ts); otherwise it breaks the line. */
	enterSends: boolean;
}

/** Whether this browser runs on an Apple device (its keyboards say ⌘ and ⌥). */
export function isMac(): boolean {
	return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/**
 * The shortcut list in the current language. Called where it is shown (not at import), so a
 * language or Enter preference change shows at once.
 */
export function shortcutGroups({ mac, enterSends }: ShortcutContext): ShortcutGroup[] {
	const mod = mac ? '⌘' : 'Ctrl';
	const alt = mac ? '⌥' : 'Alt';
	// Ctrl/⌘+Enter always sends (composer/enter-keys.ts): it is the way to send when Enter does not.
	const send: Combo[] = enterSends ? [['Enter']] : [[mod, 'Enter']];
	const newLine: Combo[] = enterSends ? [['Shift', 'Enter']] : [['Enter'], ['Shift', 'Enter']];
	return [
		{
			title: m.shortcuts_group_general(),
			shortcuts: [
				{ combos: [[mod, 'K']], label: m.shortcuts_search() },
				{ combos: [['?'], [mod, '/']], label: m.shortcuts_show() },
				{ combos: [['Esc']], label: m.shortcuts_close() }
			]
		},
		{
			title: m.shortcuts_group_channels(),
			shortcuts: [
				{ combos: [[alt, '↑']], label: m.shortcuts_previous_channel() },
				{ combos: [[alt, '↓']], label: m.shortcuts_next_channel() }
			]
		},
		{
			title: m.shortcuts_group_composer(),
			shortcuts: [
				{ combos: send, label: m.shortcuts_send() },
				{ combos: newLine, label: m.shortcuts_new_line() }
			]
		},
		{
			title: m.shortcuts_group_log(),
			shortcuts: [
				{ combos: [['↑'], ['↓']], label: m.shortcuts_log_scroll() },
				{ combos: [['Page Up'], ['Page Down']], label: m.shortcuts_log_page() },
				{ combos: [['Home'], ['End']], label: m.shortcuts_log_ends() },
				{ combos: [['Enter']], label: m.shortcuts_log_enter() },
				{ combos: [['↑'], ['↓']], label: m.shortcuts_message_move() },
				{ combos: [['Home'], ['End']], label: m.shortcuts_message_ends() },
				{ combos: [['Enter']], label: m.shortcuts_message_actions() }
			]
		}
	];
}

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
