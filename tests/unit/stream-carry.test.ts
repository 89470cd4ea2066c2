// @vitest-environment jsdom
/**
 * Streamed text carried across a reload (state/stream-carry.ts): kept for its own store only,
 * read once, and nothing kept when nothing streams.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
	CARRIED_STREAMS_KEY,
	carryNow,
	takeCarried,
	type StreamCarrier
} from '../../src/lib/state/stream-carry';

function carrier(texts: Record<string, string>, store = 'iris-a'): StreamCarrier {
	return {
		store: () => store,
		streaming: () => texts,
		restore: () => undefined
	};
}

afterEach(() => localStorage.clear());

describe('stream carry', () => {
	it('gives the texts back once, to the same store only', () => {
		carryNow(carrier({ a1: 'Half an answer' }));
		expect(takeCarried('iris-b')).toBeUndefined();
		// Read (and dropped) by the other store's start: not given to a later one either.
		expect(localStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
		carryNow(carrier({ a1: 'Half an answer', a2: 'Another' }));
		expect(takeCarried('iris-a')).toEqual({ a1: 'Half an answer', a2: 'Another' });
		expect(takeCarried('iris-a')).toBeUndefined();
	});

	it('keeps nothing when nothing streams, and drops what an earlier page kept', () => {
		carryNow(carrier({ a1: 'Half' }));
		carryNow(carrier({}));
		expect(localStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
	});

	it('ignores a record it cannot read', () => {
		localStorage.setItem(CARRIED_STREAMS_KEY, '{not json');
		expect(takeCarried('iris-a')).toBeUndefined();
		localStorage.setItem(
			CARRIED_STREAMS_KEY,
			JSON.stringify({ v: 1, store: 'iris-a', texts: { a1: 42 } })
		);
		expect(takeCarried('iris-a')).toBeUndefined();
		expect(localStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
	});
});
