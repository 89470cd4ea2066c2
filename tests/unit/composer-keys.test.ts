import { describe, expect, it } from 'vitest';
import {
	composerButtons,
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

describe('composerButtons', () => {
	const state = { hasContent: false, busy: false, recording: false, canRecord: true };

	it('idle: the microphone and a Send that waits for content; with content Send alone', () => {
		expect(composerButtons(state)).toEqual({ mic: 'record', stop: false, send: true });
		expect(composerButtons({ ...state, hasContent: true })).toEqual({
			mic: null,
			stop: false,
			send: true
		});
		expect(composerButtons({ ...state, canRecord: false })).toEqual({
			mic: null,
			stop: false,
			send: true
		});
	});

	it('busy: Stop in the place of Send while empty, both once there is something to send', () => {
		expect(composerButtons({ ...state, busy: true })).toEqual({
			mic: null,
			stop: true,
			send: false
		});
		expect(composerButtons({ ...state, busy: true, hasContent: true })).toEqual({
			mic: null,
			stop: true,
			send: true
		});
	});

	it('a running recording keeps the microphone, pressed, with Send waiting for the note', () => {
		expect(composerButtons({ ...state, recording: true, busy: true })).toEqual({
			mic: 'recording',
			stop: true,
			send: true
		});
	});
});
