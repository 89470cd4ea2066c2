/**
 * Bench scenario L, page side (bench/README.md): a `channel.list` of N channels decoded and
 * applied with the app's own `decodeServerFrame` and `applyFrames` on real IndexedDB, against the
 * one-get-one-count-one-put apply the app used before (the baseline, kept here), and the sidebar's
 * read of the result. Exposes `globalThis.bench`; every call resolves with milliseconds.
 */
import { applyFrames } from '../../src/lib/db/apply';
import { IrisDB, type ChannelRow } from '../../src/lib/db/schema';
import type { Channel } from '../../src/lib/protocol/iris/frames';
import { decodeServerFrame } from '../../src/lib/protocol/iris';
import { channelTree } from '../../src/lib/state/channel-tree';

const ctx = { defaultChatId: 'c0', now: 1 };

function listText(count: number): string {
	const channels: Channel[] = Array.from({ length: count }, (_, i) => ({
		chat_id: `c${i}`,
		name: `Channel ${i}`,
		kind: i === 0 ? 'default' : 'channel',
		...(i === 0 ? { is_default: true } : {})
	}));
	return JSON.stringify({ v: 1, type: 'channel.list', payload: { channels } });
}

/** The apply this bench compares against: what `applyFrames` did for `channel.list` before. */
async function applyOneByOne(db: IrisDB, channels: readonly Channel[]): Promise<void> {
	await db.transaction('rw', db.channels, db.meta, async () => {
		for (const c of channels) {
			const existing = await db.channels.get(c.chat_id);
			const position = existing?.position ?? (await db.channels.count());
			const row: ChannelRow = {
				...existing,
				...c,
				name: c.name ?? existing?.name ?? c.chat_id,
				position
			};
			await db.channels.put(row);
		}
		const keep = new Set(channels.map((c) => c.chat_id));
		const stale = (await db.channels.toCollection().primaryKeys()).filter((id) => !keep.has(id));
		await db.channels.bulkDelete(stale);
	});
}

/**
 * The floor: the same rows put with the raw IndexedDB API, one transaction, no Dexie (what any
 * apply of a new list must at least pay).
 */
async function rawPut(count: number): Promise<number> {
	const name = `bench-l-raw-${++seq}`;
	const db = await new Promise<IDBDatabase>((resolve, reject) => {
		const open = indexedDB.open(name, 1);
		open.onupgradeneeded = () =>
			open.result
				.createObjectStore('channels', { keyPath: 'chat_id' })
				.createIndex('position', 'position');
		open.onsuccess = () => resolve(open.result);
		open.onerror = () => reject(open.error);
	});
	const rows = Array.from({ length: count }, (_, i) => ({
		chat_id: `c${i}`,
		name: `Channel ${i}`,
		kind: i === 0 ? 'default' : 'channel',
		position: i
	}));
	const t0 = performance.now();
	await new Promise<void>((resolve, reject) => {
		const tx = db.transaction('channels', 'readwrite');
		const store = tx.objectStore('channels');
		for (const row of rows) store.put(row);
		tx.oncomplete = () => resolve();
		tx.onerror = () => reject(tx.error);
	});
	const ms = performance.now() - t0;
	db.close();
	indexedDB.deleteDatabase(name);
	return ms;
}

let seq = 0;

async function fresh(): Promise<IrisDB> {
	const db = new IrisDB(`bench-l-${++seq}`);
	await db.open();
	return db;
}

async function run(mode: 'bulk' | 'baseline', count: number) {
	const text = listText(count);
	const db = await fresh();
	try {
		const t0 = performance.now();
		const decoded = decodeServerFrame(text);
		if (!decoded.ok) throw new Error(decoded.error.message);
		const t1 = performance.now();
		if (mode === 'bulk') await applyFrames(db, [decoded.frame], ctx);
		else await applyOneByOne(db, (decoded.frame.payload as { channels: Channel[] }).channels);
		const t2 = performance.now();
		// A second list of the same channels (every reconnect's `hello.ack`/`channel.list`).
		if (mode === 'bulk') await applyFrames(db, [decoded.frame], ctx);
		else await applyOneByOne(db, (decoded.frame.payload as { channels: Channel[] }).channels);
		const t3 = performance.now();
		const tree = channelTree(await db.channels.orderBy('position').toArray());
		const t4 = performance.now();
		if (tree.length !== count) throw new Error(`stored ${tree.length} of ${count}`);
		return { decodeMs: t1 - t0, applyMs: t2 - t1, reapplyMs: t3 - t2, sidebarMs: t4 - t3 };
	} finally {
		await db.delete();
	}
}

(globalThis as unknown as { bench: unknown }).bench = { run, rawPut };
