/**
 * Moving focus to the message field after an action that replaced what had focus (a channel
 * created or deleted, the page loaded): the field may not be rendered yet, so this waits for it.
 */
import { mediaMatches } from '$lib/platform/media-query';

/** The composer's text field id (components/composer). */
export const COMPOSER_ID = 'composer-input';
/** Give up after this long (ms): the chat may never appear (e.g. offline with no channel). */
const WAIT_MS = 5_000;

/** Options of {@link focusComposer}. */
export interface FocusComposerOptions {
	/**
	 * Only while nothing has the focus (it is on `<body>`): give up as soon as the user puts it
	 * somewhere, so a field that renders late never takes the focus from where they moved it.
	 */
	unlessFocused?: boolean;
}

function nothingFocused(): boolean {
	const active = document.activeElement;
	return !active || active === document.body;
}

/**
 * Focus the composer as soon as it is in the document (at once if it is). Resolves true once
 * focused, false if it did not appear within `WAIT_MS` (or, with `unlessFocused`, if the focus
 * went elsewhere first).
 */
export function focusComposer(options: FocusComposerOptions = {}): Promise<boolean> {
	const tryFocus = () => {
		const field = document.getElementById(COMPOSER_ID);
		if (!field) return false;
		field.focus();
		return true;
	};
	if (options.unlessFocused && !nothingFocused()) return Promise.resolve(false);
	if (tryFocus()) return Promise.resolve(true);
	return new Promise((resolve) => {
		const observer = new MutationObserver(() => {
			if (options.unlessFocused && !nothingFocused()) done(false);
			else if (tryFocus()) done(true);
		});
		const timer = setTimeout(() => done(false), WAIT_MS);
		const done = (ok: boolean) => {
			observer.disconnect();
			clearTimeout(timer);
			resolve(ok);
		};
		observer.observe(document.body, { childList: true, subtree: true });
	});
}

/** Whether the main pointer is precise (a desktop): focusing a field there pops no keyboard. */
export function finePointer(): boolean {
	return mediaMatches('(pointer: fine)');
}
