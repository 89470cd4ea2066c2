/**
 * What a key press in the composer's field asks for. Enter sends only when the Enter preference
 * says so; Ctrl/Cmd+Enter always sends (the way to send from the keyboard when Enter breaks the
 * line); Shift+Enter always breaks the line. Nothing is sent while an IME is composing: its Enter
 * commits the composition (keyCode 229 covers browsers that end the composition first).
 */

/** The fields of a `KeyboardEvent` that decide. */
export type EnterKeyEvent = Pick<
	KeyboardEvent,
	'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'keyCode'
>;

/**
 * `'send'` when the press should send (the caller prevents the default line break), null when
 * the browser's default (a line break, or nothing) should happen.
 * @param enterSends whether a plain Enter sends (the Enter preference)
 */
export function enterIntent(event: EnterKeyEvent, enterSends: boolean): 'send' | null {
	if (event.key !== 'Enter' || event.isComposing || event.keyCode === 229) return null;
	if (event.shiftKey || event.altKey) return null;
	if (event.ctrlKey || event.metaKey) return 'send';
	return enterSends ? 'send' : null;
}

/**
 * The buttons after the field (doc/ui-contract.md "composer"), right to left: Send is always
 * there (disabled while there is nothing to send) except while the agent is busy and there is
 * nothing to send, when Stop takes its place; with something to send while busy, Stop sits just
 * before Send (on a phone-wide row Send alone holds the place then: ComposerActions' CSS). The microphone sits before Send while the field is empty and the agent idle (while
 * recording the composer shows the recording bar, VoiceRecorder.svelte, in place of the whole
 * row). Steer (a switch) is offered while busy.
 */
export interface ComposerButtons {
	/** `record` starts a voice note, `recording` finishes the running one; null: no microphone. */
	mic: 'record' | 'recording' | null;
	stop: boolean;
	send: boolean;
}

/** Which of the composer's buttons show, from its state (see `ComposerButtons`). */
export function composerButtons(state: {
	hasContent: boolean;
	busy: boolean;
	recording: boolean;
	canRecord: boolean;
}): ComposerButtons {
	const mic = state.recording
		? 'recording'
		: state.canRecord && !state.hasContent && !state.busy
			? 'record'
			: null;
	return { mic, stop: state.busy, send: state.recording || state.hasContent || !state.busy };
}
