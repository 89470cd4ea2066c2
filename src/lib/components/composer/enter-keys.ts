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

/** The one button after the field: what it does now. */
export type ComposerAction = 'send' | 'stop' | 'record' | 'recording';

/**
 * Microphone when there is nothing to send, Send once there is (text or attachments), Stop while
 * the agent is busy and there is nothing to send; a running recording keeps the microphone (it
 * finishes the recording). Without voice recording an empty composer shows a disabled Send.
 */
export function composerAction(state: {
	hasContent: boolean;
	busy: boolean;
	recording: boolean;
	canRecord: boolean;
}): ComposerAction {
	if (state.recording) return 'recording';
	if (state.hasContent) return 'send';
	if (state.busy) return 'stop';
	return state.canRecord ? 'record' : 'send';
}
