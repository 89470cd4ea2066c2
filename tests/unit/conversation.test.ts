import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { Conversation, PAGE_SIZE } from '../../src/lib/state/conversation.svelte';
import { StreamTexts } from '../../src/lib/state/streams.svelte';

let db: IrisDB;
let n = 0;

function row(chat_id: string, i: number): MessageRow {
	return {
		message_id: `${chat_id}-${i}`,
		chat_id,
		role: i % 2 ? 'assistant' : 'user',
		text: `message ${i}`,
		ts: 1_000 + i,
		status: 'complete'
	};
}

async function setup(count: number) {
	db = new IrisDB(`conversation-${++n}`);
	await db.messages.bulkPut(Array.from({ length: count }, (_, i) => row('c', i)));
	await db.messages.bulkPut(Array.from({ length: 50 }, (_, i) => row('other', i)));
	return new Conversation(db, 'c', new StreamTexts());
}

afterEach(async () => {
	await db.delete();
});

describe('Conversation', () => {
	it('opens with the latest page only, then prepends older pages once each', async () => {
		const c = await setup(450);
		await vi.waitFor(() => expect(c.messages).toHaveLength(PAGE_SIZE));
		expect(c.messages[0]!.message_id).toBe('c-250');
		expect(c.messages.at(-1)!.message_id).toBe('c-449');
		expect(c.hasOlder).toBe(true);

		await c.loadOlder();
		await vi.waitFor(() => expect(c.messages).toHaveLength(400));
		await c.loadOlder();
		await vi.waitFor(() => expect(c.messages).toHaveLength(450));
		await c.loadOlder();
		await vi.waitFor(() => expect(c.hasOlder).toBe(false));
		expect(c.messages.map((m) => m.message_id)).toEqual(
			Array.from({ length: 450 }, (_, i) => `c-${i}`)
		);
		c.dispose();
	});

	it('keeps following new messages after older pages were added', async () => {
		const c = await setup(300);
		await vi.waitFor(() => expect(c.messages).toHaveLength(PAGE_SIZE));
		await c.loadOlder();
		await vi.waitFor(() => expect(c.messages).toHaveLength(300));
		await db.messages.put(row('c', 300));
		await vi.waitFor(() => expect(c.messages).toHaveLength(301));
		expect(c.messages.at(-1)!.message_id).toBe('c-300');
		expect(new Set(c.messages.map((m) => m.message_id)).size).toBe(301);
		c.dispose();
	});
	it('reads a short channel whole, and keeps rows sharing the oldest millisecond of a page together', async () => {
		const short = await setup(120);
		await vi.waitFor(() => expect(short.messages).toHaveLength(120));
		expect(short.hasOlder).toBe(false);
		short.dispose();
		await db.delete();

		db = new IrisDB(`conversation-${++n}`);
		await db.messages.bulkPut(Array.from({ length: 300 }, (_, i) => row('c', i)));
		// Four more rows in c-103's millisecond: the 200th newest row is one of them.
		await db.messages.bulkPut(
			['a', 'b', 'c', 'd'].map((k) => ({ ...row('c', 103), message_id: `c-103${k}` }))
		);
		const c = new Conversation(db, 'c', new StreamTexts());
		await vi.waitFor(() => expect(c.messages.length).toBeGreaterThan(0));
		const ids = c.messages.map((m) => m.message_id);
		expect(ids).toEqual(expect.arrayContaining(['c-103', 'c-103a', 'c-103d', 'c-299']));
		expect(ids).not.toContain('c-102');
		expect(ids).toHaveLength(PAGE_SIZE + 1);
		expect(c.hasOlder).toBe(true);
		c.dispose();
	});
});
