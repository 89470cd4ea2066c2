import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { applyFrames } from '../../src/lib/db/apply';
import {
	inboxItems,
	inboxUnread,
	markInboxRead,
	storeCronNotice,
	type InboxItem
} from '../../src/lib/db/inbox';
import { groupByJob } from '../../src/lib/state/inbox-jobs';
import { jobInText, noticeJob, withoutJobLine } from '../../src/lib/protocol/cron-job';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function store(): IrisDB {
	const db = new IrisDB(`inbox-test-${++n}`);
	dbs.push(db);
	return db;
}

/** A store whose Inbox counts from `ts` (as if made then: entries after it are new). */
async function storeMadeAt(ts: number): Promise<IrisDB> {
	const db = store();
	await db.meta.put({ key: 'inbox_read_ts', value: ts });
	return db;
}

const row = (
	message_id: string,
	role: MessageRow['role'],
	text: string,
	ts: number
): MessageRow => ({
	message_id,
	chat_id: 'ops',
	role,
	text,
	ts,
	status: 'complete'
});

describe('the job a cron report belongs to', () => {
	it('is read from the first line as Hermes Agent and the reference gateway write it', () => {
		expect(jobInText('# Cron Job: nightly-backup\n\n**Job ID:** 1')).toBe('nightly-backup');
		expect(jobInText('# Cron Job: nightly-backup (FAILED)\n')).toBe('nightly-backup');
		expect(jobInText('Cronjob Response: Morning brief\n------\n\nAll good')).toBe('Morning brief');
		expect(jobInText('Cron **daily-report**: 3 new items summarised.')).toBe('daily-report');
		expect(jobInText('Here is your report')).toBeUndefined();
		// Names with the marks the patterns use: the report and the notice name the same job.
		expect(jobInText('Cron **a**b**: 3 new items.')).toBe('ab');
		expect(noticeJob({ title: 'Cron Job: a**b' })).toBe('ab');
		expect(jobInText('Cron **backup(FAILED)**: done')).toBe('backup(FAILED)');
		expect(noticeJob({ title: 'Cron Job: backup(FAILED)' })).toBe('backup(FAILED)');
		expect(jobInText('')).toBeUndefined();
	});

	it('is left out of a report shown under its heading, unless the run failed', () => {
		expect(withoutJobLine('# Cron Job: backup\n\n**Job ID:** 1\nAll good')).toBe(
			'\n**Job ID:** 1\nAll good'
		);
		expect(withoutJobLine('Cronjob Response: brief\n------\n\nSunny')).toBe('\nSunny');
		expect(withoutJobLine('Cron **daily-report**: 3 new items.')).toBe('3 new items.');
		expect(withoutJobLine('Cron **a**b**: 3 **new** items.')).toBe('3 **new** items.');
		expect(withoutJobLine('# Cron Job: backup (FAILED)\nDisk full')).toBe(
			'# Cron Job: backup (FAILED)\nDisk full'
		);
		expect(withoutJobLine('# Cron Job: backup')).toBe('# Cron Job: backup');
		expect(withoutJobLine('Here is your report')).toBe('Here is your report');
	});

	it('groups entries by job, newest job first, unread after the last look', () => {
		const items: InboxItem[] = [
			{ kind: 'message', row: row('m3', 'cron', 'Cron **a**: third', 30), ts: 30 },
			{ kind: 'message', row: row('m2', 'cron', 'Plain words', 20), ts: 20 },
			{
				kind: 'notice',
				row: { key: 'k', chat_id: 'ops', title: 'Cron Job: b', body: 'ran', ts: 15 },
				ts: 15
			},
			{ kind: 'message', row: row('m1', 'cron', 'Cron **a**: first', 10), ts: 10 }
		];
		const jobs = groupByJob(items, 15, (chat_id) => `#${chat_id}`);
		expect(jobs.map((j) => [j.job, j.items.length, j.unread])).toEqual([
			['a', 2, 1],
			['#ops', 1, 1],
			['b', 1, 0]
		]);
	});
});

describe('the Inbox in the store', () => {
	it('a new store counts nothing from before it was made (history is not new)', async () => {
		const before = Date.now();
		const db = store();
		await db.messages.bulkPut([
			row('m1', 'cron', 'Cron **a**: from history', before - 60_000),
			row('m2', 'cron', 'Cron **a**: after pairing', Date.now() + 60_000)
		]);
		expect(await inboxItems(db)).toHaveLength(2);
		expect(await inboxUnread(db)).toBe(1);
	});

	it('lists cron reports and notices newest first, and counts what came since the last look', async () => {
		const db = await storeMadeAt(0);
		await db.messages.bulkPut([
			row('m1', 'cron', 'Cron **a**: one', 10),
			row('u1', 'user', 'not a report', 20),
			row('m2', 'cron', 'Cron **a**: two', 30)
		]);
		await storeCronNotice(db, { chat_id: 'ops', title: 'Cron Job: b', body: 'ran', ts: 25 }, 99);
		// The same notice replayed by a reconnect is stored once.
		await storeCronNotice(db, { chat_id: 'ops', title: 'Cron Job: b', body: 'ran', ts: 25 }, 99);
		expect((await inboxItems(db)).map((i) => i.ts)).toEqual([30, 25, 10]);
		expect(await inboxUnread(db)).toBe(3);
		await markInboxRead(db, 25);
		expect(await inboxUnread(db)).toBe(1);
		// A look at an older state does not bring back what was seen.
		await markInboxRead(db, 10);
		expect(await inboxUnread(db)).toBe(1);
	});

	it('lists a run once when its job sent a notice and a report', async () => {
		const db = await storeMadeAt(0);
		await db.messages.put(row('m1', 'cron', 'Cron **a**: done', 100_000_000));
		await storeCronNotice(db, { chat_id: 'ops', title: 'Cron Job: a', ts: 99_999_000 }, 0);
		// The same job a day earlier, and another channel's run: not the same run.
		await storeCronNotice(
			db,
			{ chat_id: 'ops', title: 'Cron Job: a', ts: 100_000_000 - 86_400_000 },
			0
		);
		await storeCronNotice(db, { chat_id: 'dev', title: 'Cron Job: a', ts: 99_999_500 }, 0);
		const items = await inboxItems(db);
		expect(items.map((i) => [i.kind, i.ts])).toEqual([
			['message', 100_000_000],
			['notice', 99_999_500],
			['notice', 100_000_000 - 86_400_000]
		]);
		expect(await inboxUnread(db)).toBe(3);
	});

	it('stores notices in order with the frames around them: a later deletion removes them', async () => {
		const db = store();
		await applyFrames(
			db,
			[
				{
					v: 1,
					type: 'notification',
					chat_id: 'ops',
					payload: { kind: 'cron', title: 'Cron Job: a', ts: 5 }
				},
				{
					v: 1,
					type: 'notification',
					chat_id: 'ops',
					payload: { kind: 'generic', title: 'Hi', ts: 6 }
				},
				{ v: 1, type: 'channel.deleted', payload: { chat_id: 'ops' } },
				{
					v: 1,
					type: 'notification',
					chat_id: 'dev',
					payload: { kind: 'cron', title: 'Cron Job: b' }
				}
			],
			{ defaultChatId: 'default', now: 7 }
		);
		expect(await inboxItems(db)).toMatchObject([
			{ kind: 'notice', ts: 7, row: { chat_id: 'dev' } }
		]);
	});

	it('forgets the notices of a deleted channel', async () => {
		const db = store();
		await storeCronNotice(db, { chat_id: 'ops', title: 'Cron Job: a', ts: 5 }, 0);
		await storeCronNotice(db, { chat_id: 'dev', title: 'Cron Job: a', ts: 6 }, 0);
		await applyFrames(db, [{ v: 1, type: 'channel.deleted', payload: { chat_id: 'ops' } }], {
			defaultChatId: 'default',
			now: 1
		});
		expect((await inboxItems(db)).map((i) => i.row.chat_id)).toEqual(['dev']);
	});

	it('gives a notice without its own time the time it arrived', async () => {
		const db = store();
		await storeCronNotice(db, { chat_id: 'ops', title: 'Cron Job: a' }, 1234);
		expect(await inboxItems(db)).toMatchObject([{ kind: 'notice', ts: 1234 }]);
	});
});
