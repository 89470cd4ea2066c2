// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import {
	applyTheme,
	storedTheme,
	storeTheme,
	THEME_COLORS,
	THEME_STORAGE_KEY
} from '../../src/lib/platform/theme';

const metas = () =>
	[...document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => ({
		content: m.content,
		media: m.getAttribute('media') ?? ''
	}));

describe('theme', () => {
	beforeEach(() => {
		localStorage.clear();
		document.head.innerHTML = '<meta name="theme-color" content="#000000" />';
		delete document.documentElement.dataset.theme;
	});

	it('a forced theme sets data-theme and one theme-color tag of that theme', () => {
		applyTheme('dark');
		expect(document.documentElement.dataset.theme).toBe('dark');
		expect(metas()).toEqual([{ content: THEME_COLORS.dark, media: '' }]);
		applyTheme('light');
		expect(document.documentElement.dataset.theme).toBe('light');
		expect(metas()).toEqual([{ content: THEME_COLORS.light, media: '' }]);
	});

	it('system removes data-theme and gives one theme-color per colour scheme', () => {
		applyTheme('dark');
		applyTheme('system');
		expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
		expect(metas()).toEqual([
			{ content: THEME_COLORS.light, media: '(prefers-color-scheme: light)' },
			{ content: THEME_COLORS.dark, media: '(prefers-color-scheme: dark)' }
		]);
	});

	it('the choice is remembered; system and junk read back as system', () => {
		expect(storedTheme()).toBe('system');
		storeTheme('dark');
		expect(storedTheme()).toBe('dark');
		storeTheme('system');
		expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
		localStorage.setItem(THEME_STORAGE_KEY, 'neon');
		expect(storedTheme()).toBe('system');
	});

	it('the title bar colours are the tokens’ --surface of each theme', () => {
		const css = readFileSync('src/lib/styles/tokens.css', 'utf8');
		const surface = /--surface:\s*light-dark\((#[0-9a-f]+),\s*(#[0-9a-f]+)\);/i.exec(css);
		expect(surface?.slice(1)).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
	});
});
