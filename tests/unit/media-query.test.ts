import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
	vi.unstubAllGlobals();
	vi.resetModules();
});

describe('mediaQuery', () => {
	it('asks the browser once per query and reads `matches` from that one list', async () => {
		const made: string[] = [];
		let dark = false;
		vi.stubGlobal('matchMedia', (query: string) => {
			made.push(query);
			return {
				get matches() {
					return query.includes('dark') && dark;
				}
			};
		});
		const { mediaMatches, mediaQuery } = await import('../../src/lib/platform/media-query');
		expect(mediaMatches('(prefers-color-scheme: dark)')).toBe(false);
		dark = true;
		expect(mediaMatches('(prefers-color-scheme: dark)')).toBe(true);
		expect(mediaQuery('(pointer: fine)')).toBe(mediaQuery('(pointer: fine)'));
		expect(made).toEqual(['(prefers-color-scheme: dark)', '(pointer: fine)']);
	});

	it('is undefined (and matches nothing) where there is no matchMedia', async () => {
		vi.stubGlobal('matchMedia', undefined);
		const { mediaMatches, mediaQuery } = await import('../../src/lib/platform/media-query');
		expect(mediaQuery('(pointer: fine)')).toBeUndefined();
		expect(mediaMatches('(pointer: fine)')).toBe(false);
	});
});
