import { describe, expect, it } from 'vitest';
import { isIosSafari } from '../../src/lib/platform/install';

const IPHONE_SAFARI =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
	'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IPHONE_CHROME =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
	'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Mobile Safari/537.36';

describe('isIosSafari (when to show "Add to Home Screen" guidance)', () => {
	it('is true for iPhone Safari and for iPadOS Safari posing as a Mac with touch', () => {
		expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
		expect(isIosSafari(IPAD_AS_MAC, 5)).toBe(true);
	});

	it('is false for a real Mac, other iOS browsers and Android', () => {
		expect(isIosSafari(IPAD_AS_MAC, 0)).toBe(false);
		expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
		expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
	});
});
