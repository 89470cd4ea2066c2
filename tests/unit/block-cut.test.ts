import { describe, expect, it } from 'vitest';
import { blockCut, BlockCuts } from '../../src/lib/markdown/block-cut';

/** Cut `text` where `marker` is (the marker removed): what `blockCut` says. */
function cutAt(marked: string): { text: string; cut: number | undefined; at: number } {
	const at = marked.indexOf('^');
	const text = marked.replace('^', '');
	return { text, cut: blockCut(text, at), at };
}

describe('where an answer may be cut for a tool card', () => {
	it('is where the tool began in plain text: between paragraphs or mid-sentence', () => {
		for (const marked of ['Intro.\n\n^Next', 'I will look. ^Then', '^Start', 'End^']) {
			const { cut, at } = cutAt(marked);
			expect(cut, marked).toBe(at);
		}
	});

	it('is after a code block the tool began in, or waits for its end', () => {
		const done = cutAt('Run:\n\n```sh\nnpm ^test\nnpm run build\n```\nAfter.');
		expect(done.text.slice(0, done.cut)).toBe('Run:\n\n```sh\nnpm test\nnpm run build\n```\n');
		// A closing fence counts once its line is complete ("```" may grow into "```bash").
		expect(cutAt('```\ncode^\n```').cut).toBeUndefined();
		const closed = cutAt('```\ncode^\n```\n');
		expect(closed.cut).toBe(closed.text.length);
		// An opener on the cut line itself, and lines that end in CR LF.
		const opener = cutAt('Intro\n```py^\ncode\n```\nAfter');
		expect(opener.text.slice(0, opener.cut)).toBe('Intro\n```py\ncode\n```\n');
		const crlf = cutAt('```js\r\nlet a^ = 1;\r\n```\r\nAfter');
		expect(crlf.text.slice(0, crlf.cut)).toBe('```js\r\nlet a = 1;\r\n```\r\n');
		// The text so far ends inside the block: the cut waits.
		expect(blockCut('```\ncode\n', 99)).toBeUndefined();
		expect(cutAt('```\ncode^\nmore\n').cut).toBeUndefined();
		// A fence inside the text before the cut that is closed does not count.
		const after = cutAt('```\na\n```\n\nText ^more');
		expect(after.cut).toBe(after.at);
	});

	it('is after a table the tool began in, between rows or mid-row, or waits for its end', () => {
		const table = '| a | b |\n|---|---|\n| 1 | 2 |\n^| 3 | 4 |\nDone.';
		const between = cutAt(table);
		expect(between.text.slice(0, between.cut)).toBe('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n');
		const mid = cutAt('| a | b |\n|---|---|\n| 1 ^| 2 |\n\nDone.');
		expect(mid.text.slice(0, mid.cut)).toBe('| a | b |\n|---|---|\n| 1 | 2 |\n');
		expect(cutAt('| a | b |\n|---|---|\n^| 1 | 2 |\n').cut).toBeUndefined();
		// The text so far ends with a row: the table may go on.
		expect(blockCut('| a |\n|---|\n| 1 |\n', 99)).toBeUndefined();
		expect(blockCut('Words so far. ', 99)).toBe(99);
		// Right after a table (its last row ended the text so far): the cut stays.
		const end = cutAt('| a |\n|---|\n\n^Then');
		expect(end.cut).toBe(end.at);
	});

	it('is kept once found while the text grows, and found again for a replaced text', () => {
		const cuts = new BlockCuts();
		expect(cuts.at('```\ncode\n', 6)).toBeUndefined();
		expect(cuts.at('```\ncode\n```\nAfter', 6)).toBe(13);
		// Still right as the text grows.
		expect(cuts.at('```\ncode\n```\nAfter more', 6)).toBe(13);
		// A text that does not extend the last one: found afresh.
		expect(cuts.at('plain words here', 6)).toBe(6);
	});
});
