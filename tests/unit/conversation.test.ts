import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { Conversation, PAGE_SIZE } from '../../src/lib/state/conversation.svelte';
import { LiveTexts } from '../../src/lib/state/live-texts.svelte';
import { QueuedSends } from '../../src/lib/state/queued.svelte';
import { Store } from '../../src/lib/state/store.svelte';

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
	return new Conversation(new Store(db), 'c', { live: new LiveTexts(), queued: new QueuedSends() });
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

	it('reads the latest page of the new store after a switch (another gateway: older messages)', async () => {
		db = new IrisDB(`conversation-${++n}`);
		// The first store's messages are newer than the whole second store.
		await db.messages.bulkPut([{ ...row('c', 0), ts: 900_000 }]);
		const store = new Store(db);
		const c = new Conversation(store, 'c', { live: new LiveTexts(), queued: new QueuedSends() });
		await vi.waitFor(() => expect(c.messages.map((m) => m.message_id)).toEqual(['c-0']));
		const other = new IrisDB(`conversation-${++n}`);
		await other.messages.bulkPut(Array.from({ length: 3 }, (_, i) => row('c', 10 + i)));
		store.switchTo(other);
		await vi.waitFor(() =>
			expect(c.messages.map((m) => m.message_id)).toEqual(['c-10', 'c-11', 'c-12'])
		);
		c.dispose();
		await other.delete();
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
	it('reads a short channel whole, with nothing older to load', async () => {
		const c = await setup(120);
		await vi.waitFor(() => expect(c.messages).toHaveLength(120));
		expect(c.hasOlder).toBe(false);
		c.dispose();
	});
});
