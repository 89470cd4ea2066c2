/**
 * The store contract (gateway/storage/types.ts), run against both back-ends: SQLite in a temp
 * data directory and memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { frame, type ServerFrame } from '../../src/lib/protocol/iris';
import { MemoryStore } from '../../gateway/storage/memory';
import { openSqliteStore } from '../../gateway/storage/sqlite/open';
import type { GatewayStore, MediaInfo } from '../../gateway/storage/types';
import { createHash } from 'node:crypto';

const dirs: string[] = [];
const stores: GatewayStore[] = [];
afterEach(async () => {
	for (const s of stores.splice(0)) s.close();
	for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
	const dir = await mkdtemp(path.join(tmpdir(), 'iris-store-'));
	dirs.push(dir);
	return dir;
}

const BACKENDS: [string, () => Promise<GatewayStore>][] = [
	['sqlite', async () => openSqliteStore(await tempDir())],
	['memory', async () => new MemoryStore()]
];

async function open(make: () => Promise<GatewayStore>): Promise<GatewayStore> {
	const store = await make();
	stores.push(store);
	return store;
}

const scope = { chat_id: 'default' };
const update = (id: string, text: string) => frame('message.update', { message_id: id, text });
const texts = (frames: ServerFrame[]) =>
	frames.map((f) => [f.type, 'text' in f.payload ? f.payload.text : '']);

describe.each(BACKENDS)('store contract (%s)', (_name, make) => {
	it('keeps messages in ts order per scope, pages history, dedupes by client_msg_id', async () => {
		const store = await open(make);
		const m = store.messages;
		const ids = Array.from({ length: 5 }, () => m.nextMessageId());
		expect(new Set(ids).size).toBe(5);
		// Stored out of order (a reply is stored when it completes, dated when it started).
		const ts = [10, 30, 20, 40, 40];
		ids.forEach((message_id, i) =>
			m.add({ scope, message: { message_id, role: 'user', text: `t${i}`, ts: ts[i] } })
		);
		m.add({ scope: { chat_id: 'other' }, message: { message_id: 'x', text: 'elsewhere', ts: 5 } });
		const newest = m.history(scope, undefined, 3)!;
		expect(newest.messages.map((x) => x.text)).toEqual(['t1', 't3', 't4']);
		expect(newest.has_more).toBe(true);
		const older = m.history(scope, newest.oldest_message_id, 3)!;
		expect(older.messages.map((x) => x.text)).toEqual(['t0', 't2']);
		expect(older.has_more).toBe(false);
		expect(m.history(scope, 'unknown')).toBeNull();
		expect(() => m.add({ scope, message: { message_id: ids[0]!, ts: 1 } })).toThrow();

		m.add({ scope, message: { message_id: 'c', text: 'Grüße ÄÖÜ', ts: 50, client_msg_id: 'k' } });
		expect(m.findByClientMsgId('k')?.message.message_id).toBe('c');
		expect(m.findByClientMsgId('nope')).toBeUndefined();
		expect(m.search('äöü', 10).map((s) => s.message.message_id)).toEqual(['c']);
		expect(m.search('t', 2).map((s) => s.message.text)).toEqual(['t4', 't3']);
		expect(m.search('else', 10, 'default')).toEqual([]);
		expect(m.latestTs()).toBe(50);
		expect(m.all()).toHaveLength(7);
	});

	it("deletes one channel's messages in all its scopes; ids stay used", async () => {
		const store = await open(make);
		const m = store.messages;
		const gone = { chat_id: 'gone' };
		m.add({ scope, message: { message_id: 'keep', text: 'heron', ts: 1 } });
		m.add({
			scope: gone,
			message: { message_id: 'g1', text: 'heron', ts: 2, client_msg_id: 'k1' }
		});
		m.add({
			scope: { chat_id: 'gone', thread_id: 't' },
			message: { message_id: 'g2', text: 'heron', ts: 3 }
		});
		expect(m.deleteChat('gone')).toBe(2);
		expect(m.search('heron', 10).map((s) => s.message.message_id)).toEqual(['keep']);
		expect(m.history(gone)?.messages ?? []).toEqual([]);
		expect(m.findByClientMsgId('k1')).toBeUndefined();
		expect(() => m.add({ scope, message: { message_id: 'keep', ts: 4 } })).toThrow();
		expect(m.deleteChat('gone')).toBe(0);
	});

	it('replays after a cursor, one entry per stream, none after a final stop', async () => {
		const log = (await open(make)).events;
		log.append(frame('message.start', { message_id: 'a', ts: 1 }, { chat_id: 'c1' }));
		log.append(update('a', 'x'));
		log.append(update('b', 'y'));
		log.append(update('a', 'xx'));
		expect(log.openStreams()).toEqual([
			{ message_id: 'a', scope: { chat_id: 'c1' }, role: 'assistant', ts: 1, text: 'xx' }
		]);
		log.append(frame('message.stop', { message_id: 'a', final_text: 'xx' }));
		expect(log.openStreams()).toEqual([]);
		expect(log.latest).toBe(5);
		expect(texts(log.since(0))).toEqual([
			['message.start', ''],
			['message.update', 'y'],
			['message.stop', '']
		]);
		expect(log.size).toBe(3);
		expect(log.since(4)).toHaveLength(1);
		expect(log.since(5)).toEqual([]);
		// A cursor from a gateway that lost its log: everything still logged.
		expect(log.since(99)).toHaveLength(3);
		for (let i = 1; i <= 2000; i++) log.append(update('b', 'z'.repeat(i % 50)));
		expect(log.size).toBe(3);
		expect(log.latest).toBe(2005);
	});

	it('prunes what every recent device acknowledged, and what is older than the retention', async () => {
		const log = (await open(make)).events;
		const now = Date.now();
		log.seen('phone', now);
		for (let i = 1; i <= 6; i++) log.append(frame('agent.idle', {}, { chat_id: `c${i}` }));
		log.seen('laptop', now); // new: starts at the latest position, 6
		log.acknowledge('phone', 4, now);
		expect(log.prune(now, 60_000)).toBe(4);
		expect(log.since(4).map((f) => f.chat_id)).toEqual(['c5', 'c6']);
		// The phone is not seen for longer than the retention: it no longer holds frames back…
		log.acknowledge('laptop', 6, now);
		expect(log.prune(now + 120_000, 60_000)).toBe(2);
		expect(log.size).toBe(0);
		// …and positions are never reused.
		expect(log.append(frame('agent.idle', {}))).toBe(7);
	});

	it('keeps channels, pickers, push registrations and meta values', async () => {
		const store = await open(make);
		const channel = { chat_id: 'a', name: 'A', kind: 'channel' as const, is_default: true };
		store.channels.replaceAll([channel, { ...channel, chat_id: 'b', is_default: false }]);
		expect(store.channels.list().map((c) => c.chat_id)).toEqual(['a', 'b']);
		const picker = {
			picker_id: 'p1',
			scope,
			type: 'picker.confirm',
			payload: { picker_id: 'p1', title: 'Sure?' },
			values: ['yes', 'no'],
			resume: 'confirm'
		};
		store.pickers.put(picker);
		expect(store.pickers.all()).toEqual([picker]);
		store.pickers.delete('p1');
		expect(store.pickers.all()).toEqual([]);
		store.push.set('d1', { ntfy_topic: 't' });
		expect(store.push.all()).toEqual([['d1', { ntfy_topic: 't' }]]);
		store.push.set('d1', {});
		expect(store.push.get('d1')).toBeUndefined();
		store.meta.set('reads', { a: 'm1' });
		expect(store.meta.get('reads')).toEqual({ a: 'm1' });
	});

	it('stores media by content hash and checks it on read', async () => {
		const store = await open(make);
		const bytes = Buffer.from('hello media');
		const sha256 = createHash('sha256').update(bytes).digest('hex');
		const info: MediaInfo = { media_id: 'r1', kind: 'document', size: bytes.length, sha256 };
		await store.media.put(info, bytes);
		await store.media.put({ ...info, media_id: 'r2' }, bytes);
		expect(store.media.get('r1')).toEqual(info);
		expect(await store.media.read('r2')).toEqual(bytes);
		expect(await store.media.read('nope')).toBe('missing');
		expect(store.media.list().map((m) => m.media_id)).toEqual(['r1', 'r2']);
	});
});

describe('SQLite store', () => {
	it('keeps everything across a reopen; ids of the next run differ', async () => {
		const dir = await tempDir();
		const first = openSqliteStore(dir);
		const id = first.messages.nextMessageId();
		first.messages.add({ scope, message: { message_id: id, text: 'kept', ts: 7 } });
		first.events.append(frame('message.start', { message_id: 'open', ts: 8 }, scope));
		first.events.append(update('open', 'half'));
		first.close();
		const second = openSqliteStore(dir);
		stores.push(second);
		expect(second.messages.history(scope)?.messages.map((m) => m.text)).toEqual(['kept']);
		expect(second.events.latest).toBe(2);
		expect(second.events.openStreams()[0]?.text).toBe('half');
		expect(second.messages.nextMessageId()).not.toBe(id);
	});

	it('a failed transaction writes nothing and hands out no position', async () => {
		const store = openSqliteStore(await tempDir());
		stores.push(store);
		store.events.append(frame('agent.idle', {}));
		expect(() =>
			store.transaction(() => {
				store.messages.add({ scope, message: { message_id: 'gone', ts: 1 } });
				store.events.append(frame('agent.idle', {}));
				throw new Error('disk full');
			})
		).toThrow('disk full');
		expect(store.messages.all()).toEqual([]);
		expect(store.events.latest).toBe(1);
		expect(store.events.append(frame('agent.idle', {}))).toBe(2);
	});

	it('a damaged media file is reported as corrupt, a missing one as missing', async () => {
		const dir = await tempDir();
		const store = openSqliteStore(dir);
		stores.push(store);
		const bytes = Buffer.from('precious');
		const sha256 = createHash('sha256').update(bytes).digest('hex');
		await store.media.put({ media_id: 'm', kind: 'document', size: 8, sha256 }, bytes);
		const { writeFile, unlink } = await import('node:fs/promises');
		await writeFile(store.media.file(sha256), 'tampered');
		expect(await store.media.read('m')).toBe('corrupt');
		await unlink(store.media.file(sha256));
		expect(await store.media.read('m')).toBe('missing');
	});
});
