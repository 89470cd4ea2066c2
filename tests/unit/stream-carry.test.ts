// @vitest-environment jsdom
/**
 * Streamed text carried across a reload (state/stream-carry.ts): kept for its own store only,
 * read once, and nothing kept when nothing streams.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	CARRIED_STREAMS_KEY,
	carryNow,
	takeCarried,
	type StreamCarrier
} from '../../src/lib/state/stream-carry';
import { LiveTexts } from '../../src/lib/state/live-texts.svelte';
import type { MessageRow } from '../../src/lib/db/schema';

function carrier(texts: Record<string, string>, store = 'iris-a'): StreamCarrier {
	return {
		store: () => store,
		streaming: () => texts,
		restore: () => undefined
	};
}

afterEach(() => sessionStorage.clear());

describe('stream carry', () => {
	it('gives the texts back once, to the same store only', () => {
		carryNow(carrier({ a1: 'Half an answer' }));
		expect(takeCarried('iris-b')).toBeUndefined();
		// Read (and dropped) by the other store's start: not given to a later one either.
		expect(sessionStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
		carryNow(carrier({ a1: 'Half an answer', a2: 'Another' }));
		expect(takeCarried('iris-a')).toEqual({ a1: 'Half an answer', a2: 'Another' });
		expect(takeCarried('iris-a')).toBeUndefined();
	});

	it('keeps nothing when nothing streams, and drops what an earlier page kept', () => {
		carryNow(carrier({ a1: 'Half' }));
		carryNow(carrier({}));
		expect(sessionStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
	});

	it('ignores a record it cannot read', () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
		sessionStorage.setItem(CARRIED_STREAMS_KEY, '{not json');
		expect(takeCarried('iris-a')).toBeUndefined();
		expect(warn).toHaveBeenCalledTimes(1);
		warn.mockRestore();
		sessionStorage.setItem(
			CARRIED_STREAMS_KEY,
			JSON.stringify({ v: 1, store: 'iris-a', texts: { a1: 42 } })
		);
		expect(takeCarried('iris-a')).toBeUndefined();
		expect(sessionStorage.getItem(CARRIED_STREAMS_KEY)).toBeNull();
	});
});

describe('LiveTexts.streaming', () => {
	it('gives the open conversation’s streaming answers only, with changes not drawn yet', () => {
		const live = new LiveTexts();
		live.schedule = () => {}; // never drawn: the changes stay pending
		live.push('stream', [
			{ op: 'replace', message_id: 'a1', text: 'Half an answer' },
			{ op: 'replace', message_id: 'other', text: 'Another channel’s' },
			{ op: 'replace', message_id: 'done', text: 'Finished' }
		]);
		const row = (message_id: string, status: 'streaming' | 'complete') =>
			({ message_id, status }) as MessageRow;
		live.settle([row('a1', 'streaming'), row('done', 'complete')]);
		expect(live.streaming()).toEqual({ a1: 'Half an answer' });
	});
});
