/**
 * The Inbox's grouping by job (doc/inbox.md): the job read from the text
 * (protocol/cron-job.ts); anything else is grouped under its channel's name.
 */
import type { InboxItem } from '../db/inbox';
import { jobInText, noticeJob } from '../protocol/cron-job';

/** One job's entries, newest first, and how many of them are unread. */
export interface InboxJob {
	/** The job's name (or, when none can be read, the channel's). */
	job: string;
	items: InboxItem[];
	unread: number;
	/** The newest entry's `ts`, epoch ms. */
	latest: number;
}

/** The job an entry belongs to; `channelName` names a channel by `chat_id`. */
export function jobOf(item: InboxItem, channelName: (chat_id: string) => string): string {
	if (item.kind === 'message') return jobInText(item.row.text) ?? channelName(item.row.chat_id);
	return noticeJob(item.row) ?? channelName(item.row.chat_id);
}

/**
 * Group `items` (newest first) by job, the job with the newest entry first; entries newer than
 * `readTs` (epoch ms) count as unread.
 */
export function groupByJob(
	items: readonly InboxItem[],
	readTs: number,
	channelName: (chat_id: string) => string
): InboxJob[] {
	const jobs = new Map<string, InboxJob>();
	for (const item of items) {
		const job = jobOf(item, channelName);
		let entry = jobs.get(job);
		if (!entry) {
			entry = { job, items: [], unread: 0, latest: item.ts };
			jobs.set(job, entry);
		}
		entry.items.push(item);
		if (item.ts > readTs) entry.unread++;
		entry.latest = Math.max(entry.latest, item.ts);
	}
	return [...jobs.values()].sort((a, b) => b.latest - a.latest);
}
