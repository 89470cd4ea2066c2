import { describe, expect, it } from 'vitest';
import {
	messageMove,
	type MessageKeyEvent
} from '../../src/lib/components/conversation/message-keys';

const key = (k: string, extra: Partial<MessageKeyEvent> = {}): MessageKeyEvent => ({
	key: k,
	altKey: false,
	ctrlKey: false,
	metaKey: false,
	shiftKey: false,
	isComposing: false,
	...extra
});

describe('messageMove', () => {
	it('on the log, Enter goes to the messages, End to the end, Tab into the view; other scrolling keys stay the log’s', () => {
		expect(messageMove(key('Enter'), 'log')).toBe('visible');
		expect(messageMove(key('End'), 'log')).toBe('end');
		expect(messageMove(key('Tab'), 'log')).toBe('into');
		expect(messageMove(key('Tab', { shiftKey: true }), 'log')).toBeNull();
		for (const k of ['ArrowUp', 'ArrowDown', 'Home', 'PageUp', 'Escape'])
			expect(messageMove(key(k), 'log')).toBeNull();
	});

	it('on a message, arrows, Home/End and Enter move', () => {
		expect(messageMove(key('ArrowUp'), 'message')).toBe('previous');
		expect(messageMove(key('ArrowDown'), 'message')).toBe('next');
		expect(messageMove(key('Home'), 'message')).toBe('first');
		expect(messageMove(key('End'), 'message')).toBe('last');
		expect(messageMove(key('Enter'), 'message')).toBe('actions');
		expect(messageMove(key('PageDown'), 'message')).toBeNull();
	});

	it('inside a message only Escape is taken (back to the message)', () => {
		expect(messageMove(key('Escape'), 'inside')).toBe('message');
		expect(messageMove(key('Enter'), 'inside')).toBeNull();
		expect(messageMove(key('ArrowUp'), 'inside')).toBeNull();
	});

	it('leaves modified keys and input-method composition alone (Alt+↑ is the channel shortcut)', () => {
		expect(messageMove(key('ArrowUp', { altKey: true }), 'message')).toBeNull();
		expect(messageMove(key('End', { ctrlKey: true }), 'message')).toBeNull();
		expect(messageMove(key('Enter', { shiftKey: true }), 'log')).toBeNull();
		expect(messageMove(key('Enter', { isComposing: true }), 'log')).toBeNull();
	});
});
