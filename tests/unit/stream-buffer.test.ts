import { describe, expect, it } from 'vitest';
import type { StreamDelta } from '../../src/lib/bridge/contract';
import { DEFAULT_EMIT_MS, DEFAULT_PERSIST_MS, StreamBuffer } from '../../src/lib/connection/stream';
import { FakeClock } from './support/fake-clock';

function setup() {
	const clock = new FakeClock();
	const emitted: StreamDelta[][] = [];
	const persisted: Map<string, string>[] = [];
	const buffer = new StreamBuffer({
		clock,
		emit: (updates) => emitted.push(updates),
		persist: (texts) => persisted.push(texts)
	});
	return { clock, emitted, persisted, buffer };
}

describe('StreamBuffer', () => {
	it('posts appends that add up to the final text, about its length in total', () => {
		const t = setup();
		const final = 'word '.repeat(400);
		for (let end = 5; end <= final.length; end += 5) {
			t.buffer.update('m', final.slice(0, end));
			t.clock.advance(10);
		}
		t.clock.advance(DEFAULT_EMIT_MS);
		let page = '';
		for (const d of t.emitted.flat()) {
			if (d.op === 'replace') page = d.text;
			else {
				expect(d.at).toBe(page.length);
				page += d.text;
			}
		}
		expect(page).toBe(final);
		const posted = t.emitted.flat().reduce((n, d) => n + d.text.length, 0);
		expect(posted).toBe(final.length);
	});

	it('replaces the text when an update does not extend what the page has', () => {
		const t = setup();
		t.buffer.update('m', 'Hello wor');
		t.clock.advance(DEFAULT_EMIT_MS);
		t.buffer.update('m', 'Goodbye');
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.emitted).toEqual([
			[{ message_id: 'm', op: 'replace', text: 'Hello wor' }],
			[{ message_id: 'm', op: 'replace', text: 'Goodbye' }]
		]);
	});

	it('writes a 20 s answer to the store at most 3 times before its stop', () => {
		const t = setup();
		for (let i = 1; i <= 2000; i++) {
			t.buffer.update('m', 'x'.repeat(i * 10));
			t.clock.advance(10);
		}
		expect(t.persisted.length).toBe(Math.floor(20_000 / DEFAULT_PERSIST_MS));
		expect(t.persisted.length).toBeLessThanOrEqual(3);
		t.buffer.stop('m');
		t.clock.advance(DEFAULT_PERSIST_MS);
		expect(t.persisted.length).toBeLessThanOrEqual(3);
	});

	it('flush writes the pending text at once, and nothing more at the next tick', () => {
		const t = setup();
		t.buffer.update('m', 'partial answer');
		t.clock.advance(100);
		expect(t.persisted).toEqual([]);
		t.buffer.flush();
		expect(t.persisted).toEqual([new Map([['m', 'partial answer']])]);
		t.clock.advance(DEFAULT_PERSIST_MS);
		expect(t.persisted).toHaveLength(1);
		// Nothing pending: a second flush writes nothing.
		t.buffer.flush();
		expect(t.persisted).toHaveLength(1);
		// The stream goes on: the next write is on the normal schedule again.
		t.buffer.update('m', 'partial answer, more');
		t.clock.advance(DEFAULT_PERSIST_MS);
		expect(t.persisted.at(-1)).toEqual(new Map([['m', 'partial answer, more']]));
	});

	it('takes appended parts (a v3 stream) and posts them as appends, a rewrite as a replace', () => {
		const t = setup();
		expect(t.buffer.append('m', 'Hel')).toBe(true);
		t.clock.advance(DEFAULT_EMIT_MS);
		t.buffer.append('m', 'lo');
		t.buffer.append('m', ', world');
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.buffer.latest('m')).toBe('Hello, world');
		// A full-text update that rewrites the answer, then appends onto the rewrite.
		t.buffer.update('m', 'Bye');
		t.clock.advance(DEFAULT_EMIT_MS);
		t.buffer.append('m', '!');
		t.clock.advance(DEFAULT_EMIT_MS);
		expect(t.emitted).toEqual([
			[{ message_id: 'm', op: 'replace', text: 'Hel' }],
			[{ message_id: 'm', op: 'append', at: 3, text: 'lo, world' }],
			[{ message_id: 'm', op: 'replace', text: 'Bye' }],
			[{ message_id: 'm', op: 'append', at: 3, text: '!' }]
		]);
		t.clock.advance(DEFAULT_PERSIST_MS);
		expect(t.persisted.at(-1)).toEqual(new Map([['m', 'Bye!']]));
		expect(t.buffer.stop('m')).toBe('Bye!');
		expect(t.buffer.append('m', 'late')).toBe(false);
	});
});
