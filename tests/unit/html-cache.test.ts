import { beforeEach, describe, expect, it } from 'vitest';
import {
	KEPT_CHARS,
	MAX_CACHED_CHARS,
	cachedSize,
	clearRenders,
	renderCached
} from '../../src/lib/markdown/html-cache';

let renders = 0;
const render = (text: string) => {
	renders += 1;
	return `<p>${text}</p>`;
};

beforeEach(() => {
	clearRenders();
	renders = 0;
});

describe('renderCached: size bound', () => {
	it('keeps at most KEPT_CHARS of text and HTML, however few the entries', () => {
		const long = (i: number) => `${i}`.padEnd(MAX_CACHED_CHARS, 'x');
		const count = Math.ceil(KEPT_CHARS / (2 * MAX_CACHED_CHARS)) + 5;
		for (let i = 0; i < count; i++) renderCached(long(i), render);
		const { entries, chars } = cachedSize();
		expect(chars).toBeLessThanOrEqual(KEPT_CHARS);
		expect(entries).toBeLessThan(count);
		renders = 0;
		renderCached(long(count - 1), render);
		expect(renders).toBe(0);
		renderCached(long(0), render);
		expect(renders).toBe(1);
	});

	it('does not keep a text longer than MAX_CACHED_CHARS, nor a render that threw', () => {
		renderCached('y'.repeat(MAX_CACHED_CHARS + 1), render);
		expect(() =>
			renderCached('bad', () => {
				throw new Error('no');
			})
		).toThrow('no');
		expect(cachedSize()).toEqual({ entries: 0, chars: 0 });
	});
});
