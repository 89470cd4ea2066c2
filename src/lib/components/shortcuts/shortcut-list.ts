/**
 * The list of the app's keyboard shortcuts shown in the "Keyboard shortcuts" dialog and in
 * Settings (one source, so the two never disagree). Apart from the key handler's decisions
 * (shortcuts.ts), so that the list and its texts load only where it is shown.
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
