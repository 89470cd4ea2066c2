import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import {
	cancelQueued,
	enqueue,
	markFailed,
	markWritten,
	pending,
	replaceQueued,
	requeue
} from '../../src/lib/db/outbox';
import { markRefused } from '../../src/lib/db/refused';
import { noChanges } from '../../src/lib/db/apply';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`outbox-edit-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

async function queue(db: IrisDB, id: string, text: string, now: number) {
	await enqueue(db, { client_msg_id: id, chat_id: 'c', text, now, reply_to: 'm0' });
}

it('cancels a queued message: gone from the outbox and the list, and never written after', async () => {
	const db = freshDb();
	await queue(db, 'a', 'first', 1000);
	await queue(db, 'b', 'second', 2000);
	expect(await cancelQueued(db, 'a')).toBe('done');
	expect((await pending(db)).map((r) => r.client_msg_id)).toEqual(['b']);
	expect(await db.messages.get('local:a')).toBeUndefined();
	// A sender that read the row before the cancel must not write it.
	expect(await markWritten(db, 'a')).toBe(false);
	expect(await markWritten(db, 'b')).toBe(true);
});

it('refuses to cancel or edit a message already written or acked, changing nothing', async () => {
	const db = freshDb();
	await queue(db, 'a', 'first', 1000);
	await markWritten(db, 'a');
	expect(await cancelQueued(db, 'a')).toBe('sent');
	expect(await replaceQueued(db, 'a', { client_msg_id: 'a2', text: 'new' })).toBe('sent');
	expect(await db.outbox.get('a')).toMatchObject({ state: 'written', text: 'first' });
	expect(await db.messages.get('local:a')).toMatchObject({ text: 'first', status: 'sending' });
	expect(await db.outbox.get('a2')).toBeUndefined();
	// Acked: the outbox row is gone.
	expect(await cancelQueued(db, 'gone')).toBe('sent');
});

it('edits a queued message in place: new id, same place in the outbox and the list', async () => {
	const db = freshDb();
	await queue(db, 'a', 'first', 1000);
	await queue(db, 'b', 'second', 2000);
	const before = await db.outbox.get('a');
	expect(await replaceQueued(db, 'a', { client_msg_id: 'a2', text: 'first, edited' })).toBe('done');
	const rows = await pending(db);
	expect(rows.map((r) => [r.client_msg_id, r.text])).toEqual([
		['a2', 'first, edited'],
		['b', 'second']
	]);
	expect(rows[0]).toMatchObject({ seq: before!.seq, state: 'queued', reply_to: 'm0' });
	expect(await db.messages.get('local:a')).toBeUndefined();
	expect(await db.messages.get('local:a2')).toMatchObject({
		text: 'first, edited',
		ts: 1000,
		status: 'sending',
		client_msg_id: 'a2',
		reply_to: 'm0'
	});
	// Run again (the page re-runs a command after moving to memory): nothing more changes.
	expect(await replaceQueued(db, 'a', { client_msg_id: 'a2', text: 'first, edited' })).toBe('done');
	expect(await db.outbox.count()).toBe(2);
});

it('edits a failed message: it is queued again, its error gone', async () => {
	const db = freshDb();
	await queue(db, 'a', 'first', 1000);
	await markFailed(db, 'a', 'Not delivered');
	expect(await replaceQueued(db, 'a', { client_msg_id: 'a2', text: 'again' })).toBe('done');
	expect(await db.outbox.get('a2')).toMatchObject({ state: 'queued', attempts: 0 });
	const row = await db.messages.get('local:a2');
	expect(row).toMatchObject({ status: 'sending', text: 'again' });
	expect(row?.error).toBeUndefined();
});

it('turns a message the gateway refused after taking it into a failed one that Retry sends anew', async () => {
	const db = freshDb();
	await db.messages.add({
		message_id: 'x1',
		chat_id: 'c',
		role: 'user',
		text: 'hello',
		ts: 5000,
		status: 'complete',
		client_msg_id: 'x1'
	});
	const refusal = { code: 'rate_limited', message: 'Too many messages', retry_client_msg_id: 'r1' };
	const changes = noChanges();
	expect(await markRefused(db, { message_id: 'x1', ...refusal }, changes)).toBe(true);
	// Out of the search index with the stored message it was.
	expect(changes.removed).toEqual(['x1']);
	expect(await db.messages.get('x1')).toBeUndefined();
	expect(await db.messages.get('local:r1')).toMatchObject({
		status: 'failed',
		error: 'Too many messages',
		refused: 'rate_limited',
		ts: 5000,
		text: 'hello'
	});
	expect(await db.outbox.get('r1')).toMatchObject({ state: 'failed', text: 'hello' });
	await requeue(db, 'r1');
	expect((await pending(db)).map((r) => r.client_msg_id)).toEqual(['r1']);
	const retried = await db.messages.get('local:r1');
	expect(retried).toMatchObject({ status: 'sending' });
	expect(retried?.refused).toBeUndefined();
	// An unknown message (or an assistant's) is not ours to fail.
	expect(await markRefused(db, { message_id: 'nope', ...refusal })).toBe(false);
});
