import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { UNREAD_CAP, unreadCount, unreadLabel } from '../../src/lib/state/channels.svelte';

const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function row(chat_id: string, i: number, role: MessageRow['role']): MessageRow {
	return {
		message_id: `${chat_id}-${i}`,
		chat_id,
		role,
		text: `m${i}`,
		ts: 1000 + i,
		status: 'complete'
	};
}

describe('unread badges (sidebar)', () => {
	it("counts others' messages after the read mark, and stops at the cap", async () => {
		const db = new IrisDB(`unread-${Math.random()}`);
		dbs.push(db);
		// 500 messages alternating user / assistant: 250 from the agent.
		await db.messages.bulkPut(
			Array.from({ length: 500 }, (_, i) => row('big', i, i % 2 ? 'assistant' : 'user'))
		);
		await db.messages.bulkPut([
			row('small', 0, 'user'),
			row('small', 1, 'assistant'),
			row('small', 2, 'assistant')
		]);

		expect(await unreadCount(db, 'small', undefined)).toBe(2);
		// Strictly after the mark: the message read is not unread.
		expect(await unreadCount(db, 'small', 1001)).toBe(1);
		expect(await unreadCount(db, 'big', undefined)).toBe(UNREAD_CAP);
		// 40 messages after the mark, 20 of them the agent's.
		expect(await unreadCount(db, 'big', 1000 + 459)).toBe(20);
	});

	it('labels the cap as 99+', () => {
		expect(unreadLabel(1)).toBe('1');
		expect(unreadLabel(UNREAD_CAP - 1)).toBe('99');
		expect(unreadLabel(UNREAD_CAP)).toBe('99+');
	});
});
