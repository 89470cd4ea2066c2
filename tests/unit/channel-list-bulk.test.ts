import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyFrames } from '../../src/lib/db/apply';
import { IrisDB } from '../../src/lib/db/schema';
import type { Channel, ServerFrame } from '../../src/lib/protocol/iris/frames';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`channel-list-bulk-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	vi.restoreAllMocks();
	for (const db of dbs.splice(0)) await db.delete();
});

const ctx = { defaultChatId: 'c0', now: 1_000 };

function list(channels: Channel[]): ServerFrame {
	return { v: 1, type: 'channel.list', payload: { channels } };
}

function many(count: number, prefix = 'c'): Channel[] {
	return Array.from({ length: count }, (_, i) => ({
		chat_id: `${prefix}${i}`,
		name: `Channel ${i}`,
		kind: 'channel' as const,
		...(i === 0 ? { is_default: true } : {})
	}));
}

async function order(db: IrisDB): Promise<string[]> {
	return (await db.channels.orderBy('position').toArray()).map((c) => c.chat_id);
}

describe('channel.list is applied in bulk', () => {
	it('a 20,000-channel list: one read of the table and one bulkPut, nothing per channel', async () => {
		const db = freshDb();
		const get = vi.spyOn(db.channels, 'get');
		const put = vi.spyOn(db.channels, 'put');
		const count = vi.spyOn(db.channels, 'count');
		const bulkPut = vi.spyOn(db.channels, 'bulkPut');
		await applyFrames(db, [list(many(20_000))], ctx);
		expect(get).not.toHaveBeenCalled();
		expect(put).not.toHaveBeenCalled();
		expect(count).not.toHaveBeenCalled();
		expect(bulkPut).toHaveBeenCalledTimes(1);
		expect(bulkPut.mock.calls[0]![0]).toHaveLength(20_000);
		expect(await db.channels.count()).toBe(20_000);
		const rows = await db.channels.orderBy('position').toArray();
		expect(rows[0]).toMatchObject({ chat_id: 'c0', name: 'Channel 0', position: 0 });
		expect(rows[19_999]).toMatchObject({ chat_id: 'c19999', position: 19_999 });
		expect(await db.meta.get('default_chat_id')).toEqual({ key: 'default_chat_id', value: 'c0' });
	});

	it('known channels keep their place, new ones follow in list order, missing ones go', async () => {
		const db = freshDb();
		await applyFrames(db, [list(many(3))], ctx);
		await applyFrames(
			db,
			[
				list([
					{ chat_id: 'n1', name: 'New' },
					{ chat_id: 'c2', name: 'Renamed' },
					{ chat_id: 'c0' }
				])
			],
			ctx
		);
		expect(await order(db)).toEqual(['c0', 'c2', 'n1']);
		// A channel listed without a name keeps the stored one; a rename arrives as a new name.
		expect((await db.channels.get('c0'))?.name).toBe('Channel 0');
		expect((await db.channels.get('c2'))?.name).toBe('Renamed');
	});

	it('a chat_id listed twice is one row, later fields winning; no name at all falls back to the id', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			[
				list([{ chat_id: 'a', name: 'First' }, { chat_id: 'b' }, { chat_id: 'a', kind: 'channel' }])
			],
			ctx
		);
		expect(await order(db)).toEqual(['a', 'b']);
		expect(await db.channels.get('a')).toMatchObject({
			name: 'First',
			kind: 'channel',
			position: 0
		});
		expect((await db.channels.get('b'))?.name).toBe('b');
	});

	it('a channel created after a deletion sorts after every stored channel', async () => {
		const db = freshDb();
		await applyFrames(db, [list(many(3))], ctx);
		await applyFrames(db, [{ v: 1, type: 'channel.deleted', payload: { chat_id: 'c0' } }], ctx);
		await applyFrames(
			db,
			[{ v: 1, type: 'channel.created', payload: { chat_id: 'd', name: 'D', kind: 'channel' } }],
			ctx
		);
		const rows = await db.channels.orderBy('position').toArray();
		expect(rows.map((r) => r.chat_id)).toEqual(['c1', 'c2', 'd']);
		expect(new Set(rows.map((r) => r.position)).size).toBe(3);
	});

	it('the same list again writes nothing; a rename writes only that channel', async () => {
		const db = freshDb();
		const channels = many(1_000);
		await applyFrames(db, [list(channels)], ctx);
		const bulkPut = vi.spyOn(db.channels, 'bulkPut');
		await applyFrames(db, [list(channels)], ctx);
		expect(bulkPut).not.toHaveBeenCalled();
		const renamed = channels.map((c) => (c.chat_id === 'c500' ? { ...c, name: 'Renamed' } : c));
		await applyFrames(db, [list(renamed)], ctx);
		expect(bulkPut).toHaveBeenCalledTimes(1);
		expect(bulkPut.mock.calls[0]![0]).toEqual([
			expect.objectContaining({ chat_id: 'c500', name: 'Renamed', position: 500 })
		]);
	});

	it('applying the same list twice leaves the same store', async () => {
		const db = freshDb();
		await applyFrames(db, [list(many(50))], ctx);
		const once = await db.channels.orderBy('position').toArray();
		await applyFrames(db, [list(many(50))], ctx);
		expect(await db.channels.orderBy('position').toArray()).toEqual(once);
	});
});
