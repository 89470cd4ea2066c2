/**
 * The Inbox's reads and writes (doc/inbox.md): what the gateway's scheduled jobs
 * delivered — messages with role `cron` (their reports, in whatever channel the job posts to) and
 * `notification{kind:"cron"}` (kept in `cron_notices`) — newest first across every channel, and
 * how many arrived since the Inbox was last looked at (`meta.inbox_read_ts`).
 */
import { Dexie } from 'dexie';
import { jobInText, noticeJob, SAME_RUN_MS } from '../protocol/cron-job';
import { getMeta, setMeta } from './meta';
import type { CronNoticeRow, IrisDB, MessageRow } from './schema';

/** How many entries the Inbox lists (the newest). */
export const INBOX_LIMIT = 200;

/** Unread entries counted at most (the badge shows 99+ beyond). */
const UNREAD_MAX = 100;

/** One entry of the Inbox: a report (`message`) or a job's notification (`notice`). */
export type InboxItem =
	| { kind: 'message'; row: MessageRow; ts: number }
	| { kind: 'notice'; row: CronNoticeRow; ts: number };

/** The `cron` messages newer than `since` (epoch ms), newest first, at most `limit`. */
function reports(db: IrisDB, since: number, limit: number): Promise<MessageRow[]> {
	return db.messages
		.where('[role+ts]')
		.between(['cron', since], ['cron', Dexie.maxKey], false, true)
		.reverse()
		.limit(limit)
		.toArray();
}

/**
 * Reports and notices newer than `since` (epoch ms), newest first, at most `limit` of each. A
 * notice of a job whose report came within `SAME_RUN_MS` in the same chat is left out: the
 * report stands for that run (a gateway may send both, as the reference one does).
 */
async function entries(db: IrisDB, since: number, limit: number): Promise<InboxItem[]> {
	// One after the other, each a Dexie promise awaited as is: inside a `liveQuery` that keeps
	// both reads watched (a `Promise.all` or an awaited helper would not).
	const messages = await reports(db, since, limit);
	const notices = await db.cron_notices.where('ts').above(since).reverse().limit(limit).toArray();
	const runs = messages.flatMap((row) => {
		const job = jobInText(row.text);
		return job === undefined ? [] : [{ chat_id: row.chat_id, job, ts: row.ts }];
	});
	const reported = (notice: CronNoticeRow) => {
		const job = noticeJob(notice);
		return runs.some(
			(r) =>
				r.job === job && r.chat_id === notice.chat_id && Math.abs(r.ts - notice.ts) <= SAME_RUN_MS
		);
	};
	const items: InboxItem[] = [
		...messages.map((row): InboxItem => ({ kind: 'message', row, ts: row.ts })),
		...notices
			.filter((row) => !reported(row))
			.map((row): InboxItem => ({ kind: 'notice', row, ts: row.ts }))
	];
	return items.sort((a, b) => b.ts - a.ts).slice(0, limit);
}

/** The newest `INBOX_LIMIT` entries, newest first. */
export function inboxItems(db: IrisDB): Promise<InboxItem[]> {
	return entries(db, -Infinity, INBOX_LIMIT);
}

/** When the Inbox was last looked at (epoch ms of the newest entry then); 0 when never. */
export async function inboxReadTs(db: IrisDB): Promise<number> {
	return (await getMeta(db, 'inbox_read_ts')) ?? 0;
}

/** How many entries arrived after the Inbox was last looked at (up to `UNREAD_MAX`). */
export async function inboxUnread(db: IrisDB): Promise<number> {
	// Read the mark here, not through `inboxReadTs`: inside a `liveQuery`, only Dexie's own
	// promises may be awaited before a read, or the reads after it are not watched.
	const since = ((await db.meta.get('inbox_read_ts'))?.value as number | undefined) ?? 0;
	return (await entries(db, since, UNREAD_MAX)).length;
}

/** The Inbox was looked at with `ts` its newest entry: everything up to it is read. */
export async function markInboxRead(db: IrisDB, ts: number): Promise<void> {
	await db.transaction('rw', db.meta, async () => {
		if (ts > (await inboxReadTs(db))) await setMeta(db, 'inbox_read_ts', ts);
	});
}

/**
 * Keep a `notification{kind:"cron"}` for the Inbox. `ts` is the notification's own, else when it
 * arrived (`now`); keyed so that the same notice replayed by a reconnect's `sync` is stored once.
 */
export async function storeCronNotice(
	db: IrisDB,
	notice: { chat_id: string; title?: string; body?: string; ts?: number },
	now: number
): Promise<void> {
	const ts = notice.ts ?? now;
	const key = [notice.chat_id, ts, notice.title ?? '', notice.body ?? ''].join('\u0000');
	const row: CronNoticeRow = { key, chat_id: notice.chat_id, ts };
	if (notice.title !== undefined) row.title = notice.title;
	if (notice.body !== undefined) row.body = notice.body;
	await db.cron_notices.put(row);
}
