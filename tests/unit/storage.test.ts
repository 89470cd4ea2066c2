import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { classifyStorageError } from '../../src/lib/db/failure';
import { openMemoryStore } from '../../src/lib/db/memory';
import { probeStore } from '../../src/lib/db/probe';
import { IrisDB } from '../../src/lib/db/schema';
import { wellFormed, wellFormedPrefix } from '../../src/lib/protocol/text';

describe('classifyStorageError', () => {
	it.each([
		[new DOMException('full', 'QuotaExceededError'), 'quota'],
		[
			Object.assign(new Error('Transaction aborted'), {
				name: 'AbortError',
				inner: new DOMException('x', 'QuotaExceededError')
			}),
			'quota'
		],
		[
			Object.assign(new Error('QuotaExceededError: the disk is full'), { name: 'AbortError' }),
			'quota'
		],
		[Object.assign(new Error('newer'), { name: 'VersionError' }), 'versionchange'],
		[Object.assign(new Error('no idb'), { name: 'MissingAPIError' }), 'unavailable'],
		[Object.assign(new Error('closed'), { name: 'DatabaseClosedError' }), 'failed']
	])('%s → %s', (error, kind) => {
		expect(classifyStorageError(error).kind).toBe(kind);
	});
});

describe('the in-memory store', () => {
	it('copies what the real store holds and is a full IrisDB', async () => {
		const real = new IrisDB(`copy-source-${Date.now()}`);
		await real.messages.put({
			message_id: 'm1',
			chat_id: 'default',
			role: 'user',
			text: 'kept',
			ts: 1,
			status: 'complete'
		});
		await real.meta.put({ key: 'cursor', value: 7 });
		await real.outbox.put({
			client_msg_id: 'c1',
			seq: 1,
			chat_id: 'default',
			text: 'waiting',
			state: 'queued',
			attempts: 0,
			created_ts: 1
		});
		real.close();
		const notes: string[] = [];
		const { db, copied } = await openMemoryStore(real.name, (l) => notes.push(l));
		// With the Inbox's mark, set when a store is made.
		expect(copied).toBe(4);
		expect(notes).toEqual([]);
		expect((await db.messages.get('m1'))?.text).toBe('kept');
		expect((await db.outbox.orderBy('seq').first())?.text).toBe('waiting');
		await db.messages.put({
			message_id: 'm2',
			chat_id: 'default',
			role: 'user',
			text: 'new',
			ts: 2,
			status: 'complete'
		});
		// The real store is untouched by memory writes.
		const again = new IrisDB(real.name);
		expect(await again.messages.count()).toBe(1);
		await again.delete();
	});

	it('copies the tables of every schema version (turn parts, pickers, media, uploads)', async () => {
		const real = new IrisDB(`copy-all-${Date.now()}`);
		await real.parts.put({
			kind: 'commentary',
			message_id: 'a1',
			part_id: 'commentary:x',
			chat_id: 'default',
			seq: 0,
			text: 'x'
		});
		await real.pickers.put({
			picker_id: 'p1',
			type: 'picker.confirm',
			chat_id: 'default',
			ts: 1,
			payload: { picker_id: 'p1', title: 'Sure?' },
			state: 'open'
		});
		await real.media.put({ media_id: 'up1', kind: 'document', state: 'stored', size: 3 });
		await real.media_blobs.put({ media_id: 'up1', blob: new Blob(['abc']) });
		await real.uploads.put({ media_ref: 'up1', state: 'queued', created_ts: 1, draft: true });
		real.close();
		const { db, copied } = await openMemoryStore(real.name, () => {});
		// With the Inbox's mark, set when a store is made.
		expect(copied).toBe(6);
		expect((await db.pickers.get('p1'))?.state).toBe('open');
		expect(await db.parts.get(['a1', 'commentary:x'])).toMatchObject({ text: 'x' });
		expect(await db.uploads.get('up1')).toMatchObject({ state: 'queued', draft: true });
		expect((await db.media_blobs.get('up1'))?.blob.size).toBe(3);
		await new IrisDB(real.name).delete();
	});

	it('probeStore answers null for a working store', async () => {
		const db = new IrisDB(`probe-${Date.now()}`);
		expect(await probeStore(db)).toBeNull();
		await db.delete();
	});
});

describe('well-formed text', () => {
	it('replaces lone surrogates, keeps pairs, holds back a trailing high surrogate while streaming', () => {
		expect(wellFormed('a\uD83D\uDE00b')).toBe('a\uD83D\uDE00b');
		expect(wellFormed('a\uD83Db\uDC00')).toBe('a\uFFFDb\uFFFD');
		expect(wellFormedPrefix('abc\uD83D')).toBe('abc');
		expect(wellFormedPrefix('\uDC00abc')).toBe('\uFFFDabc');
	});
});
