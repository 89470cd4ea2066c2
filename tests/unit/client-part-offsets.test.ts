/**
 * The worker client notes where each tool card and question began in its answer's text
 * (connection/part-offsets.ts through the frame router), and not where it cannot know.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { setup } from './support/client-setup';
import { partsOf } from '../../src/lib/db/apply-turn';
import { getMeta } from '../../src/lib/db/meta';

type Harness = ReturnType<typeof setup>;

/** The `text_offset` of each stored part of `message_id`, once `count` are stored. */
async function offsets(t: Harness, message_id: string, count: number) {
	await vi.waitFor(async () => expect(await partsOf(t.db, message_id)).toHaveLength(count));
	return (await partsOf(t.db, message_id)).map((p) => p.text_offset);
}

/** A configured client past its first handshake. */
async function connected(): Promise<Harness> {
	const t = setup();
	await t.client.commands.configure({ url: 'ws://gw/ws', token: 'x' });
	await t.handshake();
	return t;
}

/** A connected client whose answer `a1` was streaming "Hi. " when the link dropped 2 s ago. */
async function streamingThenDropped(): Promise<Harness> {
	const t = await connected();
	t.last().receive({ v: 1, type: 'message.start', payload: { message_id: 'a1' } });
	t.last().receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Hi. ' } });
	t.last().drop();
	t.clock.advance(2000);
	return t;
}

describe('IrisClient: where parts begin in the text', () => {
	it("measures a tool frame without message_id on the channel's streaming answer", async () => {
		const t = await connected();
		const s = t.last();
		// An update without a start opens the answer (and makes it the channel's turn).
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Looking. ' } });
		s.receive({ v: 1, type: 'tool.start', payload: { index: 0, name: 'read_file' } });
		s.receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a1', text: 'Looking. Done.' }
		});
		s.receive({ v: 1, type: 'commentary', payload: { text: 'Checking again.' } });
		expect(await offsets(t, 'a1', 2)).toEqual([9, 14]);
		// A user message's start is not a turn: the answer stays the channel's.
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'u1', role: 'user' } });
		s.receive({ v: 1, type: 'tool.start', payload: { index: 1, name: 'terminal' } });
		expect(await offsets(t, 'a1', 3)).toEqual([9, 14, 14]);
		s.receive({ v: 1, type: 'message.stop', payload: { message_id: 'a1' } });
		await vi.waitFor(async () => expect((await t.db.messages.get('a1'))?.status).toBe('complete'));
		expect((await t.db.messages.get('a1'))?.parts_unplaced).toBeUndefined();
	});

	it('measures nothing from a drop until the sync caught up', async () => {
		const t = await streamingThenDropped();
		// Back: the gateway sends live frames at once, before this device asked for its `sync`.
		const handshake = t.handshake({ replay: true });
		t.last().receive({ v: 1, type: 'tool.start', payload: { index: 0, message_id: 'a1' } });
		await handshake;
		const sync = t.last().sent.find((f) => f.type === 'sync')!;
		t.last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 5 } });
		await vi.waitFor(async () => expect(await getMeta(t.db, 'cursor')).toBe(5));
		t.last().receive({
			v: 1,
			type: 'message.update',
			payload: { message_id: 'a1', text: 'Hi. More. ' }
		});
		t.last().receive({ v: 1, type: 'tool.start', payload: { index: 1, message_id: 'a1' } });
		expect(await offsets(t, 'a1', 2)).toEqual([undefined, 10]);
	});

	it('marks the parts unplaced when the final text is not what streamed', async () => {
		const t = await connected();
		const s = t.last();
		s.receive({ v: 1, type: 'message.start', payload: { message_id: 'a1' } });
		s.receive({ v: 1, type: 'message.update', payload: { message_id: 'a1', text: 'Draft. ' } });
		s.receive({ v: 1, type: 'tool.start', payload: { index: 0, message_id: 'a1' } });
		s.receive({
			v: 1,
			type: 'message.stop',
			payload: { message_id: 'a1', final_text: 'A cleaned-up answer.' }
		});
		await vi.waitFor(async () =>
			expect((await t.db.messages.get('a1'))?.parts_unplaced).toBe(true)
		);
		expect(await offsets(t, 'a1', 1)).toEqual([7]);
		// A history page that sends the answer again (a reconnect's gap fill) keeps the mark.
		s.receive({
			v: 1,
			type: 'history',
			chat_id: 'default',
			payload: {
				messages: [{ message_id: 'a1', role: 'assistant', text: 'A cleaned-up answer.', ts: 9 }]
			}
		});
		await vi.waitFor(async () => expect((await t.db.messages.get('a1'))?.ts).toBe(9));
		expect((await t.db.messages.get('a1'))?.parts_unplaced).toBe(true);
	});

	it('stays paused when the link drops during the sync that would have ended the pause', async () => {
		const t = await streamingThenDropped();
		// Back, its `sync` asked, and down again before the answer (the `sync` fails).
		await t.handshake({ replay: true });
		t.last().drop();
		t.clock.advance(5000);
		const handshake = t.handshake({ replay: true });
		t.last().receive({ v: 1, type: 'tool.start', payload: { index: 0, message_id: 'a1' } });
		await handshake;
		expect(await offsets(t, 'a1', 1)).toEqual([undefined]);
	});
});
