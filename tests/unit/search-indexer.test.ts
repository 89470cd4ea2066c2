import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB } from '../../src/lib/db/schema';
import { applyFrames, noChanges } from '../../src/lib/db/apply';
import { setMeta } from '../../src/lib/db/meta';
import type { ServerFrame } from '../../src/lib/protocol/iris/frames';
import type { IndexProgress } from '../../src/lib/bridge/search';
import { SearchIndexer } from '../../src/lib/connection/search-indexer';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`search-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function indexer(db: IrisDB, progress: IndexProgress[] = []) {
	return new SearchIndexer({ db, onProgress: (p) => progress.push(p), log: () => {} });
}

/** Apply frames and hand the changes to the indexer, as the worker does. */
async function apply(db: IrisDB, search: SearchIndexer, frames: ServerFrame[]) {
	const changes = noChanges();
	await applyFrames(db, frames, { defaultChatId: 'en', now: 1, changes });
	await search.apply(changes);
}

const msg = (chat_id: string, message_id: string, text: string, ts: number): ServerFrame => ({
	v: 1,
	type: 'message',
	chat_id,
	payload: { message_id, role: 'assistant', text, ts }
});

const query = async (search: SearchIndexer, q: string, extra = {}) =>
	(await search.search({ query: q, ...extra })).hits.map((h) => h.message_id);

describe('SearchIndexer', () => {
	it('reads nothing of the store until its start is given, then loads and catches up', async () => {
		const db = freshDb();
		await applyFrames(db, [msg('en', 'e1', 'Deploy the staging server tonight', 10)], {
			defaultChatId: 'en',
			now: 1,
			changes: noChanges()
		});
		let begin = () => {};
		const started = new Promise<void>((resolve) => (begin = resolve));
		const progress: IndexProgress[] = [];
		let ready = () => {};
		const isReady = new Promise<void>((resolve) => (ready = resolve));
		const search = new SearchIndexer({
			db,
			start: started,
			onProgress: (p) => {
				progress.push(p);
				if (p.state === 'ready') ready();
			},
			log: () => {}
		});
		// A query asked before the start waits for it (the client gives the start on a search).
		const early = search.search({ query: 'staging' });
		// Every read of the store the load would do has had its turn by now: nothing ran.
		await db.meta.toArray();
		expect(progress).toEqual([]);
		expect(search.progress.state).toBe('loading');
		begin();
		expect((await early).total).toBeGreaterThanOrEqual(0);
		await isReady;
		expect(await query(search, 'staging')).toEqual(['e1']);
	});

	it('indexes stored batches, answers with snippets, and survives a restart', async () => {
		const db = freshDb();
		const search = indexer(db);
		await search.idle();
		await apply(db, search, [
			msg('en', 'e1', 'Deploy the staging server tonight', 10),
			msg('zh', 'z1', '我们明天部署数据库服务器', 20)
		]);
		const result = await search.search({ query: 'stag' });
		expect(result.hits).toMatchObject([
			{ message_id: 'e1', chat_id: 'en', snippet: 'Deploy the staging server tonight' }
		]);
		expect(await query(search, '数据库')).toEqual(['z1']);
		expect(await query(search, '"staging server"')).toEqual(['e1']);
		expect(await query(search, '"server staging"')).toEqual([]);

		const again = indexer(db);
		await again.idle();
		expect(await query(again, 'tonight')).toEqual(['e1']);
		expect(await db.search_segments.count()).toBeGreaterThan(0);
	});

	it('updates on message.stop, not while streaming', async () => {
		const db = freshDb();
		const search = indexer(db);
		await search.idle();
		await apply(db, search, [
			{ v: 1, type: 'message.start', chat_id: 'en', payload: { message_id: 's1' } }
		]);
		expect(await db.search_segments.count()).toBe(0);
		await apply(db, search, [
			{
				v: 1,
				type: 'message.stop',
				chat_id: 'en',
				payload: { message_id: 's1', final_text: 'kiwi pie' }
			}
		]);
		expect(await query(search, 'kiwi')).toEqual(['s1']);
	});

	it('a deleted channel leaves the index, also after a restart', async () => {
		const db = freshDb();
		const search = indexer(db);
		await apply(db, search, [msg('en', 'e1', 'mango', 1), msg('zh', 'z1', 'mango 芒果', 2)]);
		await apply(db, search, [
			{ v: 1, type: 'channel.deleted', payload: { chat_id: 'zh' } } as ServerFrame
		]);
		expect(await query(search, 'mango')).toEqual(['e1']);
		const again = indexer(db);
		expect(await query(again, 'mango')).toEqual(['e1']);
	});

	it('rebuilds in the background, with progress, when the stored index is from another version', async () => {
		const db = freshDb();
		await applyFrames(
			db,
			Array.from({ length: 2500 }, (_, i) => msg('en', `m${i}`, `note number ${i}`, i)),
			{ defaultChatId: 'en', now: 1 }
		);
		await setMeta(db, 'search_version', 0);
		const progress: IndexProgress[] = [];
		const search = indexer(db, progress);
		await expect.poll(() => progress.at(-1)?.state).toBe('ready');
		expect(progress.some((p) => p.state === 'indexing' && p.done > 0 && p.done < 2500)).toBe(true);
		expect(progress.at(-1)).toEqual({ state: 'ready', done: 2500, total: 2500 });
		expect(await query(search, '2499')).toEqual(['m2499']);
		expect((await search.search({ query: 'note', limit: 5 })).total).toBe(2500);
		// 2,500 messages through fake-indexeddb: about 1 s alone, over 5 s on a loaded machine.
	}, 30_000);

	it('filters by channel, role and date', async () => {
		const db = freshDb();
		const search = indexer(db);
		await apply(db, search, [
			msg('en', 'a', 'plum', 1),
			msg('zh', 'b', 'plum', 2),
			{
				v: 1,
				type: 'message',
				chat_id: 'en',
				payload: { message_id: 'c', role: 'user', text: 'plum', ts: 3 }
			}
		]);
		expect(await query(search, 'plum', { chat_ids: ['en'] })).toEqual(['c', 'a']);
		expect(await query(search, 'plum', { roles: ['user'] })).toEqual(['c']);
		expect(await query(search, 'plum', { from: 2, to: 2 })).toEqual(['b']);
	});
});
