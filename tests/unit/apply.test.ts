import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames, persistStreamText } from '../../src/lib/db/apply';
import { enqueue } from '../../src/lib/db/outbox';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`apply-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

const ctx = { defaultChatId: 'default', now: 1_000 };

/** A realistic session: handshake, a user echo, a streamed answer, a channel, history, sync. */
const SESSION: ServerFrame[] = [
	{
		v: 1,
		type: 'hello.ack',
		id: 1,
		payload: {
			sync_cursor: 5,
			channels: [{ chat_id: 'default', name: 'General', kind: 'default', is_default: true }]
		}
	},
	{
		v: 1,
		type: 'message',
		id: 3,
		chat_id: 'default',
		payload: { message_id: 'm1', role: 'user', text: 'hi', ts: 10, client_msg_id: 'c1' }
	},
	{
		v: 1,
		type: 'message.start',
		chat_id: 'default',
		payload: { message_id: 'm2', role: 'assistant' }
	},
	{
		v: 1,
		type: 'message.stop',
		payload: { message_id: 'm2', final_text: '## Hi', model: 'x', tokens: 3 }
	},
	{ v: 1, type: 'channel.created', payload: { chat_id: 'c7', name: 'Ops', kind: 'channel' } },
	{ v: 1, type: 'channel.renamed', payload: { chat_id: 'c7', name: 'Ops 2' } },
	{
		v: 1,
		type: 'history',
		chat_id: 'c7',
		id: 4,
		payload: {
			messages: [
				{ message_id: 'h1', role: 'user', text: 'old q', ts: 1 },
				{ message_id: 'h2', role: 'assistant', text: 'old a', ts: 2 }
			],
			has_more: false
		}
	},
	{ v: 1, type: 'sync.done', id: 2, payload: { cursor: 9 } }
];

async function dump(db: IrisDB) {
	return {
		channels: await db.channels.orderBy('position').toArray(),
		messages: await db.messages.toArray(),
		outbox: await db.outbox.toArray(),
		meta: await db.meta.toArray()
	};
}

describe('applyFrames (idempotent apply, doc/protocol.md "Reconnect and sync")', () => {
	it('the same frames twice give the same store', async () => {
		const db = freshDb();
		await enqueue(db, { client_msg_id: 'c1', chat_id: 'default', text: 'hi', now: 5 });
		await applyFrames(db, SESSION, ctx);
		const once = await dump(db);
		await applyFrames(db, SESSION, { ...ctx, now: 99_999 });
		expect(await dump(db)).toEqual(once);

		expect(once.messages.map((m) => m.message_id).sort()).toEqual(['h1', 'h2', 'm1', 'm2']);
		expect(once.outbox).toEqual([]);
		expect(once.channels.map((c) => [c.chat_id, c.name])).toEqual([
			['default', 'General'],
			['c7', 'Ops 2']
		]);
		expect(await db.meta.get('cursor')).toEqual({ key: 'cursor', value: 9 });
		const m2 = await db.messages.get('m2');
		expect(m2).toMatchObject({ text: '## Hi', status: 'complete', model: 'x', tokens: 3 });
	});

	it('the echo of a user message replaces its local row (shown once)', async () => {
		const db = freshDb();
		await enqueue(db, { client_msg_id: 'c1', chat_id: 'default', text: 'hi', now: 5 });
		expect((await db.messages.get('local:c1'))?.status).toBe('sending');
		await applyFrames(db, [SESSION[1]!], ctx);
		expect(await db.messages.get('local:c1')).toBeUndefined();
		expect(await db.messages.get('m1')).toMatchObject({
			role: 'user',
			text: 'hi',
			status: 'complete',
			client_msg_id: 'c1'
		});
	});

	it('a replayed message.start does not wipe streamed text, and nothing moves after stop', async () => {
		const db = freshDb();
		const start = SESSION[2]!;
		await applyFrames(db, [start], ctx);
		await persistStreamText(db, new Map([['m2', 'partial text']]));
		await applyFrames(db, [start], ctx);
		expect((await db.messages.get('m2'))?.text).toBe('partial text');
		await persistStreamText(db, new Map([['m2', 'part']]));
		expect((await db.messages.get('m2'))?.text).toBe('partial text');
		await applyFrames(db, [SESSION[3]!], ctx);
		await persistStreamText(db, new Map([['m2', 'late update after stop, longer']]));
		expect((await db.messages.get('m2'))?.text).toBe('## Hi');
	});

	it('a stop without final_text keeps the streamed text', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			[SESSION[2]!, { v: 1, type: 'message.stop', payload: { message_id: 'm2' } }],
			{ ...ctx, streamText: () => 'streamed so far' }
		);
		expect(await db.messages.get('m2')).toMatchObject({
			text: 'streamed so far',
			status: 'complete'
		});
	});

	it('frames without chat_id land in the default channel; channel.deleted removes its messages', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			[
				{ v: 1, type: 'message', payload: { message_id: 'x', role: 'assistant', text: 'a', ts: 3 } }
			],
			{ ...ctx, defaultChatId: 'home' }
		);
		expect((await db.messages.get('x'))?.chat_id).toBe('home');
		await applyFrames(db, SESSION.slice(4, 7), ctx);
		expect(
			await db.messages.where('[chat_id+ts]').between(['c7', 0], ['c7', Infinity]).count()
		).toBe(2);
		await applyFrames(db, [{ v: 1, type: 'channel.deleted', payload: { chat_id: 'c7' } }], ctx);
		expect(await db.channels.get('c7')).toBeUndefined();
		expect(await db.messages.get('h1')).toBeUndefined();
	});
});

describe('sync cursor', () => {
	const ack = (sync_cursor: number): ServerFrame => ({
		v: 1,
		type: 'hello.ack',
		payload: { sync_cursor, channels: [] }
	});

	it('takes hello.ack on first pairing, then only sync.done moves it forward', async () => {
		const db = freshDb();
		await applyFrames(db, [ack(5)], ctx);
		expect((await db.meta.get('cursor'))?.value).toBe(5);
		await applyFrames(db, [{ v: 1, type: 'sync.done', payload: { cursor: 12 } }, ack(20)], ctx);
		expect((await db.meta.get('cursor'))?.value).toBe(12);
	});

	it('falls back to the server position when the server is behind (it restarted)', async () => {
		const db = freshDb();
		await applyFrames(db, [{ v: 1, type: 'sync.done', payload: { cursor: 40 } }, ack(3)], ctx);
		expect((await db.meta.get('cursor'))?.value).toBe(3);
	});
});
