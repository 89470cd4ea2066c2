// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
	applyTextSize,
	storedTextSize,
	storeTextSize,
	TEXT_SIZE_STORAGE_KEY
} from '../../src/lib/platform/text-size';
import {
	cleanDeviceName,
	defaultDeviceName,
	DEVICE_NAME_MAX
} from '../../src/lib/platform/device-name';
import { saveBlob, SAVE_URL_LIFETIME_MS } from '../../src/lib/platform/save-file';

describe('text size', () => {
	beforeEach(() => {
		localStorage.clear();
		delete document.documentElement.dataset.textSize;
	});

	it('is remembered; default is the absence of a choice', () => {
		expect(storedTextSize()).toBe('default');
		storeTextSize('larger');
		expect(localStorage.getItem(TEXT_SIZE_STORAGE_KEY)).toBe('larger');
		expect(storedTextSize()).toBe('larger');
		storeTextSize('default');
		expect(localStorage.getItem(TEXT_SIZE_STORAGE_KEY)).toBeNull();
		localStorage.setItem(TEXT_SIZE_STORAGE_KEY, 'huge');
		expect(storedTextSize()).toBe('default');
	});

	it('sets data-text-size on the root, none for default', () => {
		applyTextSize('small');
		expect(document.documentElement.dataset.textSize).toBe('small');
		applyTextSize('default');
		expect(document.documentElement.hasAttribute('data-text-size')).toBe(false);
	});
});

describe('device name', () => {
	it.each([
		[
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
			'Chrome on Linux'
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
			'Edge on Windows'
		],
		[
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
			'Safari on macOS'
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
			'Safari on iOS'
		],
		['Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0', 'Firefox on Android'],
		['curl/8.0', 'Browser']
	])('%s → %s', (ua, name) => {
		expect(defaultDeviceName(ua)).toBe(name);
	});

	it('is cleaned: spaces folded, trimmed, at most DEVICE_NAME_MAX', () => {
		expect(cleanDeviceName('  Kitchen \n  tablet ')).toBe('Kitchen tablet');
		expect(cleanDeviceName('x'.repeat(100))).toHaveLength(DEVICE_NAME_MAX);
	});
});

describe('saveBlob', () => {
	it('clicks a download link to an octet-stream URL under a safe name, revoked later', () => {
		vi.useFakeTimers();
		const types: string[] = [];
		URL.createObjectURL = vi.fn((b: Blob) => {
			types.push(b.type);
			return 'blob:test/1';
		});
		URL.revokeObjectURL = vi.fn();
		const clicked: { href: string; download: string }[] = [];
		const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
			this: HTMLAnchorElement
		) {
			clicked.push({ href: this.href, download: this.download });
		});
		saveBlob(new Blob(['<script>'], { type: 'text/html' }), 'page\u202E.html');
		expect(types).toEqual(['application/octet-stream']);
		expect(clicked).toEqual([{ href: 'blob:test/1', download: 'page.html' }]);
		expect(document.querySelector('a')).toBeNull();
		expect(URL.revokeObjectURL).not.toHaveBeenCalled();
		vi.advanceTimersByTime(SAVE_URL_LIFETIME_MS);
		expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
		click.mockRestore();
		vi.useRealTimers();
	});
});
