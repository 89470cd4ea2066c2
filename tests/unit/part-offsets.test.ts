import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import { partsOf } from '../../src/lib/db/apply-turn';
import { PartOffsets } from '../../src/lib/connection/part-offsets';
import { textAtOf } from '../../src/lib/db/turn-rows';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris/frames';

const db = new IrisDB('part-offsets-test');
afterEach(async () => {
	await db.parts.clear();
	await db.messages.clear();
});

const tool = (index: number, extra: object = {}): ServerFrameOf<'tool.start'> => ({
	v: 1,
	type: 'tool.start',
	chat_id: 'c',
	payload: { index, name: 'read_file', ...extra }
});
const beat = (text: string): ServerFrameOf<'commentary'> => ({
	v: 1,
	type: 'commentary',
	chat_id: 'c',
	payload: { text }
});

/** `frame` as the router passes it on, measured on `message_id` at `offset`. */
function measured(frame: ServerFrame, message_id: string, offset: number): ServerFrame {
	const payload: object = { ...frame.payload, text_at: { message_id, offset } };
	return { ...frame, payload } as ServerFrame;
}

describe("where a part began in its answer's text", () => {
	it("is the length of the channel's streaming answer when the part's first frame came", () => {
		const texts = new Map<string, string>();
		const offsets = new PartOffsets((id) => texts.get(id));
		// No answer streams in the channel yet: no measure.
		expect(textAtOf(offsets.measure(tool(0), 'c').payload)).toBeUndefined();
		offsets.started('c', 'a1');
		texts.set('a1', 'I will look first. ');
		expect(textAtOf(offsets.measure(tool(1), 'c').payload)).toEqual({
			message_id: 'a1',
			offset: 19
		});
		expect(textAtOf(offsets.measure(beat('Now the tests.'), 'c').payload)).toEqual({
			message_id: 'a1',
			offset: 19
		});
		// Another channel's answer is not this one's; a frame naming its message is measured on it.
		expect(textAtOf(offsets.measure(tool(2), 'other').payload)).toBeUndefined();
		texts.set('a0', 'older');
		expect(textAtOf(offsets.measure(tool(3, { message_id: 'a0' }), 'other').payload)).toEqual({
			message_id: 'a0',
			offset: 5
		});
		// A `sync` replay: the text is the stream's newest, not where the part began.
		expect(textAtOf(offsets.measure(tool(5), 'c', false).payload)).toBeUndefined();
		// Stopped: no longer the channel's turn.
		offsets.stopped('a1');
		expect(textAtOf(offsets.measure(tool(4), 'c').payload)).toBeUndefined();
	});

	it('never keeps a measure the gateway sent', () => {
		const offsets = new PartOffsets(() => undefined);
		const sent = tool(0, { text_at: { message_id: 'a1', offset: 99 } });
		expect(offsets.measure(sent, 'c').payload).toEqual({ index: 0, name: 'read_file' });
	});

	it('is stored on the part of the message measured, and only there', async () => {
		const frames: ServerFrame[] = [
			{ v: 1, type: 'message.start', chat_id: 'c', payload: { message_id: 'a1' } },
			tool(0, { text_at: { message_id: 'a1', offset: 19 } }),
			measured(beat('Now the tests.'), 'a1', 30),
			// Measured on another message than the part's turn: not used.
			tool(1, { text_at: { message_id: 'elsewhere', offset: 7 } }),
			// A later frame of a part does not move it.
			{ v: 1, type: 'tool.end', chat_id: 'c', payload: { index: 0, ok: true } },
			tool(0, { text_at: { message_id: 'a1', offset: 50 } })
		];
		await applyFrames(db, frames, { defaultChatId: 'c', now: 1 });
		const parts = await partsOf(db, 'a1');
		expect(parts.map((p) => [p.part_id, p.text_offset])).toEqual([
			['tool:0', 19],
			['commentary:Now the tests.', 30],
			['tool:1', undefined]
		]);
	});

	it("places a question after the turn's parts so far, where the text was", async () => {
		const frames: ServerFrame[] = [
			{ v: 1, type: 'message.start', chat_id: 'c', payload: { message_id: 'a1' } },
			tool(0, { text_at: { message_id: 'a1', offset: 19 } }),
			measured(
				{
					v: 1,
					type: 'picker.approval',
					chat_id: 'c',
					payload: { picker_id: 'p1', command: 'ls' }
				},
				'a1',
				19
			)
		];
		await applyFrames(db, frames, { defaultChatId: 'c', now: 1 });
		const picker = await db.pickers.get('p1');
		expect(picker).toMatchObject({ parts_before: 1, text_offset: 19 });
		// The measure is the worker's, not part of what the gateway asked.
		expect(picker?.payload).toEqual({ picker_id: 'p1', command: 'ls' });
		await db.pickers.clear();
	});
});
