/**
 * Keyboard handling of the open slash-command list: ArrowDown/ArrowUp move, Enter/Tab pick,
 * Escape closes. Enter on the command exactly as typed is left to the composer when Enter sends
 * (`enterSends`); where Enter makes a new line (a touch screen) it still picks.
 * Returns true when the key was handled (the composer must not send on it).
 * IME composition is filtered out by the caller.
 */
import type { SlashCompletion } from '$lib/state/slash.svelte';

export function slashKey(
	event: KeyboardEvent,
	slash: SlashCompletion,
	pick: () => void,
	enterSends = true
): boolean {
	const mod = event.altKey || event.ctrlKey || event.metaKey;
	switch (event.key) {
		case 'ArrowDown':
		case 'ArrowUp':
			if (mod) return false;
			event.preventDefault();
			slash.move(event.key === 'ArrowDown' ? 1 : -1);
			return true;
		case 'Enter':
		case 'Tab':
			if (mod || event.shiftKey) return false;
			if (event.key === 'Enter' && enterSends && slash.typedExactly) return false;
			event.preventDefault();
			pick();
			return true;
		case 'Escape':
			event.preventDefault();
			slash.close();
			return true;
		default:
			return false;
	}
}
