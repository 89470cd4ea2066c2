import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`apply-channels-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

const ctx = { defaultChatId: 'default', now: 1_000 };

const FRAMES: ServerFrame[] = [
	{
		v: 1,
		type: 'channel.list',
		payload: {
			channels: [
				{ chat_id: 'default', name: 'General', kind: 'default', is_default: true },
				{ chat_id: 'c1', name: 'Ops', kind: 'channel' },
				{ chat_id: 't1', name: 'Sub', kind: 'thread', parent_chat_id: 'c1' }
			]
		}
	},
	{
		v: 1,
		type: 'history',
		chat_id: 'c1',
		id: 3,
		payload: {
			messages: [
				{ message_id: 'a', role: 'assistant', text: 'one', ts: 10 },
				{ message_id: 'b', role: 'assistant', text: 'two', ts: 20 }
			]
		}
	},
	{ v: 1, type: 'read.receipt', chat_id: 'c1', payload: { chat_id: 'c1', message_id: 'b' } },
	// An older receipt arriving late never moves the mark back.
	{ v: 1, type: 'read.receipt', chat_id: 'c1', payload: { chat_id: 'c1', message_id: 'a' } },
	// A receipt for a message this device does not hold is skipped.
	{ v: 1, type: 'read.receipt', payload: { chat_id: 'default', message_id: 'zzz' } },
	{
		v: 1,
		type: 'commands.catalog',
		id: 4,
		payload: {
			commands: [{ name: '/new' }, { name: '/model', args_hint: '[m]', category: 'model' }]
		}
	},
	{
		v: 1,
		type: 'channel.list',
		payload: {
			channels: [
				{ chat_id: 'default', name: 'General', kind: 'default', is_default: false },
				{ chat_id: 'c1', name: 'Ops', kind: 'channel', is_default: true }
			]
		}
	}
];

async function dump(db: IrisDB) {
	return {
		channels: await db.channels.orderBy('position').toArray(),
		reads: await db.reads.toArray(),
		commands: await db.commands.orderBy('position').toArray(),
		meta: await db.meta.toArray()
	};
}

describe('applyFrames: channels, read receipts, command catalog', () => {
	it('is idempotent and reaches the expected state', async () => {
		const db = freshDb();
		await applyFrames(db, FRAMES, ctx);
		const once = await dump(db);
		await applyFrames(db, FRAMES, { ...ctx, now: 50_000 });
		expect(await dump(db)).toEqual(once);

		// channel.list is the whole list: the thread it no longer names is gone.
		expect(once.channels.map((c) => c.chat_id)).toEqual(['default', 'c1']);
		expect(await db.meta.get('default_chat_id')).toEqual({ key: 'default_chat_id', value: 'c1' });
		expect(once.reads).toEqual([{ chat_id: 'c1', message_id: 'b', ts: 20 }]);
		expect(once.commands.map((c) => [c.name, c.position])).toEqual([
			['/new', 0],
			['/model', 1]
		]);
	});

	it('a new catalog replaces the old one', async () => {
		const db = freshDb();
		await applyFrames(db, FRAMES, ctx);
		await applyFrames(
			db,
			[{ v: 1, type: 'commands.catalog', payload: { commands: [{ name: '/x' }] } }],
			ctx
		);
		expect((await db.commands.toArray()).map((c) => c.name)).toEqual(['/x']);
	});

	it('channel.deleted drops the read mark with the channel', async () => {
		const db = freshDb();
		await applyFrames(db, FRAMES, ctx);
		await applyFrames(db, [{ v: 1, type: 'channel.deleted', payload: { chat_id: 'c1' } }], ctx);
		expect(await db.reads.get('c1')).toBeUndefined();
		expect(await db.messages.count()).toBe(0);
	});
});
