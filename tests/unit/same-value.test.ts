import { describe, expect, it } from 'vitest';
import { sameValue } from '../../src/lib/state/same-value';

describe('sameValue', () => {
	it('compares primitives, arrays and plain objects by value', () => {
		expect(sameValue(1, 1)).toBe(true);
		expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
		expect(sameValue(undefined, null)).toBe(false);
		expect(sameValue('a', 'b')).toBe(false);
		const row = () => ({ message_id: 'm1', ts: 5, text: 'hi', tags: ['a'], extra: undefined });
		expect(sameValue([row(), row()], [row(), row()])).toBe(true);
		expect(sameValue([row()], [row(), row()])).toBe(false);
		expect(sameValue(row(), { ...row(), text: 'hi!' })).toBe(false);
		expect(sameValue(row(), { ...row(), more: 1 })).toBe(false);
		// A key missing on one side and present (undefined) on the other is a difference.
		expect(sameValue({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(false);
		expect(sameValue({ a: [1] }, { a: {} })).toBe(false);
	});

	it('compares blobs by size and type, dates by time, buffers by bytes', () => {
		expect(
			sameValue(new Blob(['abc'], { type: 'audio/ogg' }), new Blob(['abc'], { type: 'audio/ogg' }))
		).toBe(true);
		expect(
			sameValue(new Blob(['abc'], { type: 'audio/ogg' }), new Blob(['abcd'], { type: 'audio/ogg' }))
		).toBe(false);
		expect(
			sameValue(new Blob(['abc'], { type: 'audio/ogg' }), new Blob(['abc'], { type: 'image/png' }))
		).toBe(false);
		expect(sameValue(new Date(5), new Date(5))).toBe(true);
		expect(sameValue(new Date(5), new Date(6))).toBe(false);
		expect(sameValue(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
		expect(sameValue(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
		expect(sameValue(new Uint8Array([1, 2]), new Uint16Array([1, 2]))).toBe(false);
		expect(sameValue(new Uint8Array([1, 2]).buffer, new Uint8Array([1, 2]).buffer)).toBe(true);
	});

	it('treats other class instances as the same only when they are the same object', () => {
		const map = new Map([['a', 1]]);
		expect(sameValue(map, map)).toBe(true);
		expect(sameValue(map, new Map([['a', 1]]))).toBe(false);
	});
});
