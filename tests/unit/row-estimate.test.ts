import { describe, expect, it } from 'vitest';
import { estimateRowSize } from '../../src/lib/components/conversation/list-rows';

const question = { text: 'Question number 12 about the project?' };
const longAnswer = {
	text: [
		'## Answer',
		'',
		'The gateway replayed what this device missed while it was away. '.repeat(4),
		'',
		'- a\n- b\n- c',
		'',
		'```ts\nconst a = 1;\nconst b = 2;\n```',
		'',
		'End.'
	].join('\n')
};

describe('estimateRowSize: virtua\u2019s size for rows not measured yet', () => {
	it('guesses from the text: a one-line question is small, a long answer several times taller', () => {
		const small = estimateRowSize([question], 1008);
		const tall = estimateRowSize([longAnswer], 1008);
		expect(small).toBeGreaterThan(60);
		expect(small).toBeLessThan(100);
		// Measured 411–445 px in the app in a list this wide.
		expect(tall).toBeGreaterThan(380);
		expect(tall).toBeLessThan(480);
	});

	it('wraps more lines in a narrow list', () => {
		expect(estimateRowSize([longAnswer], 390)).toBeGreaterThan(
			estimateRowSize([longAnswer], 1008) + 40
		);
	});

	it('takes the median of the newest 20 rows', () => {
		const mostlyLong = [question, longAnswer, longAnswer];
		expect(estimateRowSize(mostlyLong, 1008)).toBe(estimateRowSize([longAnswer], 1008));
		const olderShort = [
			...Array<typeof question>(30).fill(question),
			...Array(20).fill(longAnswer)
		];
		expect(estimateRowSize(olderShort, 1008)).toBe(estimateRowSize([longAnswer], 1008));
	});

	it('scales with the root font (the text-size setting)', () => {
		const at16 = estimateRowSize([longAnswer], 1008);
		// The same list at a 20 px root font: as many rem wide, every figure 1.25×.
		expect(estimateRowSize([longAnswer], 1260, 20)).toBeCloseTo(at16 * 1.25, 5);
		expect(estimateRowSize([], 1008, 20)).toBe(150);
	});

	it('counts wide (CJK) characters twice', () => {
		const latin = { text: 'a'.repeat(300) };
		const chinese = { text: '字'.repeat(300) };
		expect(estimateRowSize([chinese], 1008)).toBeGreaterThan(estimateRowSize([latin], 1008) + 60);
	});

	it('falls back to a middling size without rows or width', () => {
		expect(estimateRowSize([], 1008)).toBe(120);
		expect(estimateRowSize([question], 0)).toBe(120);
	});
});
