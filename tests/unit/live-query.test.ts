import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { getMeta, setMeta } from '../../src/lib/db/meta';
import { LiveQuery, RECYCLE_AFTER } from '../../src/lib/state/live.svelte';
import { Store } from '../../src/lib/state/store.svelte';
import { macrotasks } from './support/macrotasks';

let db: IrisDB | undefined;
afterEach(async () => {
	await db?.delete();
	db = undefined;
});

function row(i: number): MessageRow {
	return {
		message_id: `m${i}`,
		chat_id: 'c',
		role: 'assistant',
		text: `answer ${i}`,
		ts: i,
		status: 'complete'
	};
}

describe('LiveQuery', () => {
	it('follows the store: a write it read runs the query again', async () => {
		db = new IrisDB('live-query-follows');
		const query = new LiveQuery(new Store(db), (d) => getMeta(d, 'device_name'), undefined);
		await vi.waitFor(() => expect(query.loaded).toBe(true));
		expect(query.current).toBeUndefined();
		await setMeta(db, 'device_name', 'Phone');
		await vi.waitFor(() => expect(query.current).toBe('Phone'));
		query.dispose();
	});

	it(`reads afresh after ${RECYCLE_AFTER} commits that did not concern it, and not before`, async () => {
		db = new IrisDB('live-query-recycles');
		await setMeta(db, 'device_name', 'Phone');
		const reads = vi.fn(async (d: IrisDB) => ({ name: await getMeta(d, 'device_name') }));
		const values = vi.fn();
		const query = new LiveQuery(new Store(db), reads, undefined, values);
		await vi.waitFor(() => expect(query.current).toEqual({ name: 'Phone' }));
		const shown = query.current;
		expect(reads).toHaveBeenCalledTimes(1);
		// Messages written one commit each: Dexie would keep every one of their keys for the
		// query until it ran again.
		for (let i = 0; i < RECYCLE_AFTER - 20; i++) await db.messages.put(row(i));
		await macrotasks(3);
		expect(reads).toHaveBeenCalledTimes(1);
		for (let i = RECYCLE_AFTER - 20; i < RECYCLE_AFTER + 20; i++) await db.messages.put(row(i));
		await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(2));
		await macrotasks(3);
		// The same value is not delivered again: nothing on screen changes.
		expect(query.current).toBe(shown);
		expect(values).toHaveBeenCalledTimes(1);
		// Still followed.
		await setMeta(db, 'device_name', 'Tablet');
		await vi.waitFor(() => expect(query.current).toEqual({ name: 'Tablet' }));
		expect(values).toHaveBeenCalledTimes(2);
		query.dispose();
	});

	it('stops reading once disposed', async () => {
		db = new IrisDB('live-query-disposed');
		const reads = vi.fn((d: IrisDB) => getMeta(d, 'device_name'));
		const query = new LiveQuery(new Store(db), reads, undefined);
		await vi.waitFor(() => expect(query.loaded).toBe(true));
		const before = reads.mock.calls.length;
		query.dispose();
		for (let i = 0; i < RECYCLE_AFTER + 20; i++) await db.messages.put(row(i));
		await setMeta(db, 'device_name', 'Phone');
		await macrotasks(3);
		expect(reads).toHaveBeenCalledTimes(before);
		expect(query.current).toBeUndefined();
	});
});
