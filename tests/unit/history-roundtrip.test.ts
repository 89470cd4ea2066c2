import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { channelPages, exportHistory } from '../../src/lib/db/history/export';
import { importHistory } from '../../src/lib/db/history/import';
import { readZip } from '../../src/lib/db/history/zip';
import { applyChannelList } from '../../src/lib/db/apply-channels';

let n = 0;
const dbs: IrisDB[] = [];
function freshDb(): IrisDB {
	const db = new IrisDB(`history-test-${++n}`);
	dbs.push(db);
	return db;
}
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

const msg = (i: number, chat_id = 'c1', over: Partial<MessageRow> = {}): MessageRow => ({
	message_id: `srv-${chat_id}-${i}`,
	chat_id,
	role: i % 2 ? 'assistant' : 'user',
	text: `text ${i}`,
	// Several messages share a timestamp: paging must neither skip nor repeat them.
	ts: 1_000 + Math.floor(i / 3),
	status: 'complete',
	...over
});

async function seed(db: IrisDB): Promise<void> {
	await db.channels.bulkPut([
		{ chat_id: 'c1', name: 'Ops', kind: 'channel', position: 0, is_default: true },
		{ chat_id: 't1', name: 'Sub', kind: 'thread', parent_chat_id: 'c1', position: 1 },
		{ chat_id: 'c2', name: 'Other', kind: 'channel', position: 2 }
	]);
	const rows = Array.from({ length: 1205 }, (_, i) => msg(i));
	rows[4] = msg(4, 'c1', { media: [{ media_id: 'm1', kind: 'image', filename: 'a.png' }] });
	await db.messages.bulkPut([
		...rows,
		msg(1, 't1'),
		msg(2, 'c2'),
		{ ...msg(9, 'c2'), message_id: 'local:x', status: 'sending' }
	]);
	await db.media.put({
		media_id: 'm1',
		kind: 'image',
		mime: 'image/png',
		size: 3,
		state: 'stored'
	});
	await db.media_blobs.put({ media_id: 'm1', blob: new Blob([new Uint8Array([7, 8, 9])]) });
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
	return new Uint8Array(await blob.arrayBuffer());
}

describe('history export and import', () => {
	it('pages a channel by [chat_id+ts] without skipping or repeating equal timestamps', async () => {
		const db = freshDb();
		await seed(db);
		const ids: string[] = [];
		for await (const page of channelPages(db, 'c1', 100))
			ids.push(...page.map((r) => r.message_id));
		expect(ids).toHaveLength(1205);
		expect(new Set(ids).size).toBe(1205);
	});

	it('JSON: imports into another store equal to the original, once', async () => {
		const from = freshDb();
		await seed(from);
		const out = await exportHistory(from, { format: 'json', now: 5_000 });
		expect(out).toMatchObject({ messages: 1207, channels: 3 });
		const files = readZip(await bytesOf(out.blob));
		expect(Object.keys(files).sort()).toEqual([
			'iris-export.json',
			'media/m1-a.png',
			'messages/001.json',
			'messages/002.json',
			'messages/003.json'
		]);
		const to = freshDb();
		await to.channels.put({ chat_id: 'c1', name: 'Ops here', kind: 'default', position: 0 });
		const first = await importHistory(to, await bytesOf(out.blob));
		expect(first).toEqual({ added: 1207, channels: 3, existing: 0 });
		const original = (await from.messages.toArray()).filter(
			(r) => !r.message_id.startsWith('local:')
		);
		const copied = await to.messages.toArray();
		expect(copied.map(({ origin, ...rest }) => (expect(origin).toBe('import'), rest))).toEqual(
			original
		);
		expect((await to.channels.get('c1'))!.name).toBe('Ops here');
		expect(await to.channels.get('t1')).toMatchObject({ parent_chat_id: 'c1', origin: 'import' });
		const blob = (await to.media_blobs.get('m1'))!.blob;
		expect([...(await bytesOf(blob))]).toEqual([7, 8, 9]);
		expect(await to.media.get('m1')).toMatchObject({ state: 'stored', mime: 'image/png' });
		expect(await importHistory(to, await bytesOf(out.blob))).toEqual({
			added: 0,
			channels: 0,
			existing: 1207
		});
		expect(await to.messages.count()).toBe(1207);
		// The gateway's channel list does not prune a channel known from the import only.
		await applyChannelList(to, {
			v: 1,
			type: 'channel.list',
			payload: {
				channels: [{ chat_id: 'c1', name: 'Ops here', kind: 'default', is_default: true }]
			}
		});
		expect((await to.channels.toArray()).map((c) => c.chat_id).sort()).toEqual(['c1', 'c2', 't1']);
	});

	it('exports one channel with its threads, as Markdown with its media beside it', async () => {
		const db = freshDb();
		await seed(db);
		const out = await exportHistory(db, {
			format: 'markdown',
			chat_id: 'c1',
			now: 5_000,
			labels: { role: (r) => r, reasoning: 'Reasoning', notIncluded: 'not included' }
		});
		const files = readZip(await bytesOf(out.blob));
		expect(Object.keys(files).sort()).toEqual(['001-Ops.md', '002-Sub.md', 'media/m1-a.png']);
		expect(strFromU8(files['002-Sub.md']!)).toContain('# Ops › Sub');
		expect(strFromU8(files['001-Ops.md']!)).toContain('![a.png](media/m1-a.png)');
		expect(out.filename).toBe('iris-Ops-1970-01-01-markdown.zip');
	});

	it('writes nothing from a bad file', async () => {
		const from = freshDb();
		await seed(from);
		const files = readZip(
			await bytesOf((await exportHistory(from, { format: 'json', now: 1 })).blob)
		);
		const page = JSON.parse(strFromU8(files['messages/003.json']!)) as { messages: unknown[] };
		page.messages.push({ message_id: 'bad' });
		files['messages/003.json'] = strToU8(JSON.stringify(page));
		const to = freshDb();
		await expect(importHistory(to, zipSync(files))).rejects.toThrow(
			/messages\/003.json messages\[1\]/
		);
		expect(await to.messages.count()).toBe(0);
		expect(await to.channels.count()).toBe(0);
	});
});
