import { describe, expect, it } from 'vitest';
import {
	adjacentChannel,
	shortcutAction,
	type ShortcutKeyEvent
} from '../../src/lib/components/shortcuts/shortcuts';
import { shortcutGroups } from '../../src/lib/components/shortcuts/shortcut-list';

const key = (k: string, init: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent => ({
	key: k,
	altKey: false,
	ctrlKey: false,
	metaKey: false,
	shiftKey: false,
	isComposing: false,
	...init
});

describe('shortcutAction', () => {
	it('Alt+↑/↓ switch channel, also while typing; other modifiers with them do not', () => {
		expect(shortcutAction(key('ArrowUp', { altKey: true }), true)).toBe('previous-channel');
		expect(shortcutAction(key('ArrowDown', { altKey: true }), false)).toBe('next-channel');
		expect(shortcutAction(key('ArrowDown'), false)).toBeNull();
		expect(shortcutAction(key('ArrowDown', { altKey: true, shiftKey: true }), false)).toBeNull();
		expect(shortcutAction(key('ArrowUp', { altKey: true, ctrlKey: true }), false)).toBeNull();
	});

	it('? opens the list only outside a text field; Ctrl/⌘+/ anywhere', () => {
		expect(shortcutAction(key('?', { shiftKey: true }), false)).toBe('show-shortcuts');
		expect(shortcutAction(key('?', { shiftKey: true }), true)).toBeNull();
		expect(shortcutAction(key('/', { ctrlKey: true }), true)).toBe('show-shortcuts');
		expect(shortcutAction(key('/', { metaKey: true }), true)).toBe('show-shortcuts');
		expect(shortcutAction(key('/'), false)).toBeNull();
	});

	it('nothing while an IME is composing', () => {
		expect(shortcutAction(key('ArrowUp', { altKey: true, isComposing: true }), true)).toBeNull();
	});
});

describe('adjacentChannel', () => {
	const ids = ['a', 'b', 'c'];
	it('steps in list order without wrapping', () => {
		expect(adjacentChannel(ids, 'b', 1)).toBe('c');
		expect(adjacentChannel(ids, 'b', -1)).toBe('a');
		expect(adjacentChannel(ids, 'c', 1)).toBeUndefined();
		expect(adjacentChannel(ids, 'a', -1)).toBeUndefined();
	});
	it('nothing when no listed channel is open', () => {
		expect(adjacentChannel(ids, undefined, 1)).toBeUndefined();
		expect(adjacentChannel(ids, 'gone', 1)).toBeUndefined();
	});
});

describe('shortcutGroups', () => {
	const combos = (enterSends: boolean) =>
		shortcutGroups({ mac: false, enterSends })
			.flatMap((g) => g.shortcuts)
			.map((s) => s.combos.map((c) => c.join('+')).join(' | '));
	it('follows the Enter preference: Enter or Ctrl+Enter sends', () => {
		expect(combos(true)).toContain('Enter');
		expect(combos(true)).toContain('Shift+Enter');
		expect(combos(false)).toContain('Ctrl+Enter');
		expect(combos(false)).toContain('Enter | Shift+Enter');
	});
	it('names the Apple keys on a Mac', () => {
		const all = shortcutGroups({ mac: true, enterSends: true }).flatMap((g) => g.shortcuts);
		expect(all.map((s) => s.combos[0]!.join('+'))).toContain('⌘+K');
		expect(all.map((s) => s.combos[0]!.join('+'))).toContain('⌥+↑');
	});
});
