import { describe, expect, it } from 'vitest';
import { turnFlow, type FlowItem } from '../../src/lib/state/turn-flow';
import type { PartRow, PickerRow } from '../../src/lib/db/turn-rows';

function beat(seq: number, text_offset?: number): PartRow {
	return {
		kind: 'commentary',
		message_id: 'a',
		part_id: `commentary:${seq}`,
		chat_id: 'c',
		seq,
		text: `beat ${seq}`,
		...(text_offset === undefined ? {} : { text_offset })
	};
}

function asked(id: string, parts_before?: number, text_offset?: number): PickerRow {
	return {
		picker_id: id,
		type: 'picker.confirm',
		chat_id: 'c',
		message_id: 'a',
		ts: 1,
		payload: { picker_id: id },
		state: 'answered',
		...(parts_before === undefined ? {} : { parts_before }),
		...(text_offset === undefined ? {} : { text_offset })
	};
}

/** The flow as `text "…"` (the last run marked `*`) and `[pieces]` (seq, or a question's id). */
function shape(items: FlowItem[]): string[] {
	const out: string[] = [];
	let group: string[] | undefined;
	for (const item of items) {
		if (item.kind === 'text') {
			if (group) out.push(`[${group.join(',')}]`);
			group = undefined;
			out.push(`text "${item.text}"${item.last ? '*' : ''}`);
		} else {
			group ??= [];
			group.push('picker_id' in item.piece ? item.piece.picker_id : String(item.piece.seq));
		}
	}
	return out;
}

describe('the order an answer is read in', () => {
	it('is the text alone without parts, one run that is the last', () => {
		expect(shape(turnFlow('Hello', []))).toEqual(['text "Hello"*']);
		expect(shape(turnFlow('', []))).toEqual(['text ""*']);
	});

	it('cuts the text where each part began; parts at one place form one group', () => {
		const text = 'I will look. Then run it. Done.';
		const flow = turnFlow(text, [beat(0, 13), beat(1, 13), beat(2, 26)]);
		expect(shape(flow)).toEqual([
			'text "I will look. "',
			'[0,1]',
			'text "Then run it. "',
			'[2]',
			'text "Done."*'
		]);
		// Each run keeps its key as the text grows (its renderer is kept).
		expect(flow.filter((i) => i.kind === 'text').map((i) => i.key)).toEqual([
			'text:first',
			'text:after:part:commentary:1',
			'text:after:part:commentary:2'
		]);
	});

	it('puts parts with no offset, or before any text, first; the last run may be empty', () => {
		expect(shape(turnFlow('Answer', [beat(0), beat(1, 0)]))).toEqual(['[0,1]', 'text "Answer"*']);
		expect(shape(turnFlow('Before ', [beat(0, 7)]))).toEqual(['text "Before "', '[0]', 'text ""*']);
	});

	it('keeps parts in order of arrival and inside the text when offsets do not fit it', () => {
		// A final text shorter than what streamed; an offset lower than the part before it.
		expect(shape(turnFlow('Short', [beat(0, 3), beat(1, 1), beat(2, 40)]))).toEqual([
			'text "Sho"',
			'[0,1]',
			'text "rt"',
			'[2]',
			'text ""*'
		]);
	});

	it('shows a question after the parts that came before it, where it was asked', () => {
		const text = 'Checking. Cleaning. Done.';
		const parts = [beat(0, 10), beat(1, 10), beat(2, 20)];
		expect(shape(turnFlow(text, parts, [asked('q', 1, 10)]))).toEqual([
			'text "Checking. "',
			'[0,q,1]',
			'text "Cleaning. "',
			'[2]',
			'text "Done."*'
		]);
		// Asked after text with no part before it: the text is cut there too.
		expect(shape(turnFlow('Sure? Done.', [], [asked('q', 0, 6)]))).toEqual([
			'text "Sure? "',
			'[q]',
			'text "Done."*'
		]);
		// Without a place (an older row): after every part, before the text, as before.
		expect(shape(turnFlow('Answer', [beat(0)], [asked('q')]))).toEqual(['[0,q]', 'text "Answer"*']);
	});

	it('keeps a run open until the text reaches the piece after it (the text can lag)', () => {
		const open = (text: string) =>
			turnFlow(text, [beat(0, 10)])
				.filter((i) => i.kind === 'text')
				.map((i) => [i.text, i.open]);
		expect(open('Checking.')).toEqual([
			['Checking.', true],
			['', true]
		]);
		expect(open('Checking. Done')).toEqual([
			['Checking. ', false],
			['Done', true]
		]);
	});

	it('cuts where the block a piece fell in ends, and keeps the run open until it does', () => {
		const text = 'Run:\n```\nnpm test\n';
		// The cut waits for the code block's end: the card goes after the text so far.
		const waiting = turnFlow(text, [beat(0, 10)], [], { cut: () => undefined });
		expect(shape(waiting)).toEqual([`text "${text}"`, '[0]', 'text ""*']);
		expect(waiting[0]).toMatchObject({ kind: 'text', open: true });
		const moved = turnFlow(`${text}\`\`\`\nDone.`, [beat(0, 10)], [], { cut: () => 22 });
		expect(shape(moved)).toEqual([`text "${text}\`\`\`\n"`, '[0]', 'text "Done."*']);
	});

	it('ignores every offset when the final text replaced what they were measured on', () => {
		expect(
			shape(turnFlow('New text.', [beat(0, 4)], [asked('q', 1, 6)], { placed: false }))
		).toEqual(['[0,q]', 'text "New text."*']);
	});

	it('orders questions asked in one batch by the parts before them, not their given order', () => {
		const parts = [beat(0, 0), beat(1, 0), beat(2, 0)];
		expect(shape(turnFlow('x', parts, [asked('late', 2), asked('early', 1)]))).toEqual([
			'[0,early,1,late,2]',
			'text "x"*'
		]);
	});

	it('shows a piece with no place with the next piece that has one (a reload mid-turn)', () => {
		const text = 'Checking. Cleaning. Done.';
		// Measured: only the last tool (the first came, and the question was asked, while the
		// page reloaded); after it, a beat that came during a reconnect.
		const parts = [beat(0), beat(1, 20), beat(2)];
		expect(shape(turnFlow(text, parts, [asked('q', 1)]))).toEqual([
			'text "Checking. Cleaning. "',
			'[0,q,1,2]',
			'text "Done."*'
		]);
	});
});
