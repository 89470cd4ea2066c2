import { describe, expect, it } from 'vitest';
import {
	composerAction,
	enterIntent,
	type EnterKeyEvent
} from '../../src/lib/components/composer/enter-keys';

const key = (init: Partial<EnterKeyEvent> = {}): EnterKeyEvent => ({
	key: 'Enter',
	shiftKey: false,
	ctrlKey: false,
	metaKey: false,
	altKey: false,
	isComposing: false,
	keyCode: 13,
	...init
});

describe('enterIntent', () => {
	it('a plain Enter sends only when the preference says Enter sends', () => {
		expect(enterIntent(key(), true)).toBe('send');
		expect(enterIntent(key(), false)).toBeNull();
	});

	it('Ctrl+Enter and Cmd+Enter always send; Shift+Enter and Alt+Enter never do', () => {
		for (const sends of [true, false]) {
			expect(enterIntent(key({ ctrlKey: true }), sends)).toBe('send');
			expect(enterIntent(key({ metaKey: true }), sends)).toBe('send');
			expect(enterIntent(key({ shiftKey: true }), sends)).toBeNull();
			expect(enterIntent(key({ altKey: true }), sends)).toBeNull();
		}
	});

	it('never sends while an IME is composing, nor on other keys', () => {
		expect(enterIntent(key({ isComposing: true }), true)).toBeNull();
		expect(enterIntent(key({ keyCode: 229 }), true)).toBeNull();
		expect(enterIntent(key({ key: 'a', keyCode: 65 }), true)).toBeNull();
	});
});

describe('composerAction', () => {
	const state = { hasContent: false, busy: false, recording: false, canRecord: true };

	it('microphone when empty, Send with content, Stop while busy and empty', () => {
		expect(composerAction(state)).toBe('record');
		expect(composerAction({ ...state, hasContent: true })).toBe('send');
		expect(composerAction({ ...state, busy: true })).toBe('stop');
		expect(composerAction({ ...state, busy: true, hasContent: true })).toBe('send');
	});

	it('a running recording keeps the microphone; without recording an empty composer offers Send', () => {
		expect(composerAction({ ...state, recording: true, busy: true })).toBe('recording');
		expect(composerAction({ ...state, canRecord: false })).toBe('send');
	});
});
