import { describe, expect, it } from 'vitest';
import { findScenario } from '../../gateway/demo';
import { benchAnswer } from '../../gateway/demo/bench';

describe('bench-stream scenario', () => {
	it('is registered under /demo bench-stream', () => {
		expect(findScenario('/demo bench-stream 20 100 500')?.args).toBe('20 100 500');
	});

	it('streams the same answer of exactly the asked size, with code, a table and lists', () => {
		const text = benchAnswer(20_000);
		expect(text).toHaveLength(20_000);
		expect(benchAnswer(20_000)).toBe(text);
		expect(text).toContain('```ts\n');
		expect(text).toContain('|------|------:|:-----:|');
		expect(text).toContain('\n- second point');
		expect(text).toContain('\n1. ordered one');
	});
});
