import { describe, expect, it } from 'vitest';
import { keyboardInset } from '../../src/lib/platform/keyboard-inset';

describe('keyboardInset', () => {
	it('is the part of the layout viewport below the visual viewport', () => {
		// A 844 px layout viewport, the keyboard leaves 500 px visible at the top.
		expect(keyboardInset(844, { height: 500, offsetTop: 0 })).toBe(344);
		// The browser scrolled the visual viewport down by 100 px to show the focused field.
		expect(keyboardInset(844, { height: 500, offsetTop: 100 })).toBe(244);
	});

	it('is 0 when nothing is covered (or the page already shrank above the keyboard)', () => {
		expect(keyboardInset(844, { height: 844, offsetTop: 0 })).toBe(0);
		expect(keyboardInset(500, { height: 500, offsetTop: 0 })).toBe(0);
		expect(keyboardInset(844, { height: 843.6, offsetTop: 0 })).toBe(0);
	});
});
