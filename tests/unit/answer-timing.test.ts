import { describe, expect, it } from 'vitest';
import { AnswerTiming } from '../../src/lib/connection/answer-timing';
import { answerFacts, tokensPerSecond } from '../../src/lib/state/answer-facts';
import { FakeClock } from './support/fake-clock';

function setup() {
	const clock = new FakeClock();
	let live = true;
	const timing = new AnswerTiming(clock, () => live);
	return { clock, timing, setLive: (value: boolean) => (live = value) };
}

describe('AnswerTiming', () => {
	it('measures start → first text → stop of an answer followed live', () => {
		const { clock, timing } = setup();
		timing.start('a', 'c1');
		clock.advance(300);
		timing.text('a', true, 'c1'); // reasoning only: no words yet
		clock.advance(500);
		timing.text('a', false, 'c1');
		clock.advance(2000);
		timing.text('a', false, 'c1');
		timing.stop('a');
		expect(timing.take('a')).toEqual({ first_text_ms: 800, stream_ms: 2000 });
		expect(timing.take('a')).toBeUndefined();
	});

	it('an answer first seen by its text gets a stream time and no time to first words', () => {
		const { clock, timing } = setup();
		timing.text('b', false, 'c1');
		clock.advance(1500);
		timing.stop('b');
		expect(timing.take('b')).toEqual({ stream_ms: 1500 });
	});

	it('times nothing replayed by a sync, nor an answer opened before the link changed', () => {
		const { clock, timing, setLive } = setup();
		setLive(false);
		timing.start('r', 'c1');
		timing.text('r', false, 'c1');
		setLive(true);
		timing.stop('r');
		expect(timing.take('r')).toBeUndefined();
		timing.start('c', 'c1');
		timing.text('c', false, 'c1');
		timing.reset();
		clock.advance(100);
		timing.stop('c');
		expect(timing.take('c')).toBeUndefined();
	});

	it('leaves out a tool run and waits for the reader from the speed, the reader’s wait from the first words', () => {
		const { clock, timing } = setup();
		timing.start('w', 'c1');
		timing.start('x', 'c2');
		timing.waiting('c1', 'tool');
		clock.advance(400); // a tool before any words: the agent's time to answer
		timing.waiting('c1', 'reader');
		clock.advance(60_000); // an approval the reader took a minute over
		timing.waiting('c1', undefined);
		clock.advance(100);
		timing.text('w', false, 'c1');
		clock.advance(1000);
		timing.waiting('c1', 'tool');
		clock.advance(5000);
		timing.waiting('c1', 'tool'); // said again: still the one wait
		clock.advance(5000);
		// No word that the tool ended: the next words end the wait.
		timing.text('w', false, 'c1');
		clock.advance(500);
		timing.waiting('c1', 'reader');
		clock.advance(30_000);
		timing.stop('w');
		expect(timing.take('w')).toEqual({ first_text_ms: 500, stream_ms: 1500 });
		// Another channel's waits are not this answer's.
		timing.text('x', false, 'c2');
		timing.stop('x');
		expect(timing.take('x')).toEqual({ first_text_ms: 102_000, stream_ms: 0 });
	});

	it('an answer that starts while the agent waits for the reader starts in that wait', () => {
		const { clock, timing } = setup();
		timing.waiting('c1', 'reader');
		clock.advance(1000);
		timing.start('late', 'c1');
		clock.advance(20_000);
		timing.waiting('c1', undefined);
		clock.advance(300);
		timing.text('late', false, 'c1');
		clock.advance(1000);
		timing.stop('late');
		expect(timing.take('late')).toEqual({ first_text_ms: 300, stream_ms: 1000 });
	});

	it('an answer without text has no timing', () => {
		const { timing } = setup();
		timing.start('e', 'c1');
		timing.stop('e');
		expect(timing.take('e')).toBeUndefined();
	});
});

describe('answerFacts', () => {
	it('says tokens, time to first words and speed', () => {
		const row = { tokens: 120, timing: { first_text_ms: 840, stream_ms: 3000 } };
		expect(tokensPerSecond(row)).toBe(40);
		expect(answerFacts(row)).toEqual(['120 tokens', '0.8 s to first words', '40 tokens/s']);
	});

	it('gives no speed for an answer that came in one piece or without tokens', () => {
		expect(answerFacts({ tokens: 5, timing: { stream_ms: 10 } })).toEqual(['5 tokens']);
		expect(answerFacts({ timing: { first_text_ms: 1200, stream_ms: 900 } })).toEqual([
			'1.2 s to first words'
		]);
		expect(answerFacts({})).toEqual([]);
	});

	it('does not round a quick first word down to 0 s', () => {
		const facts = (first_text_ms: number) =>
			answerFacts({ timing: { first_text_ms, stream_ms: 100 } })[0];
		expect(facts(0)).toBe('<0.1 s to first words');
		expect(facts(43)).toBe('<0.1 s to first words');
		expect(facts(99)).toBe('<0.1 s to first words');
		expect(facts(100)).toBe('0.1 s to first words');
		expect(facts(149)).toBe('0.1 s to first words');
	});
});
