/**
 * Which scheduled job a cron report or notice comes from (doc/inbox.md). The Iris spec
 * gives neither a job field, so the job is read from the text as Hermes Agent writes its cron
 * output — a first line `# Cron Job: <name>` or `Cronjob Response: <name>`, the reference
 * gateway's `Cron **<name>**:` — and from a notice's title.
 */

/** A report and a notice of the same job this close together (ms) are one run. */
export const SAME_RUN_MS = 5 * 60_000;

const FIRST_LINE_JOB = [
	/^#{0,6}\s*cron\s*job\s*:\s*(.+?)(?:\s*\(failed\))?\s*$/i,
	/^cronjob response\s*:\s*(.+?)\s*$/i,
	/^cron\s+\*\*(.+?)\*\*/i
];

/** A job name written at the start of `text`, or undefined. */
export function jobInText(text: string): string | undefined {
	const first = text.trimStart().split('\n', 1)[0] ?? '';
	for (const pattern of FIRST_LINE_JOB) {
		const name = pattern.exec(first.trim())?.[1]?.replace(/\*\*/g, '').trim();
		if (name) return name;
	}
	return undefined;
}

/** The job a `notification{kind:"cron"}` names: in its title or body, else its title as is. */
export function noticeJob(notice: { title?: string; body?: string }): string | undefined {
	return (
		jobInText(notice.title ?? '') ??
		jobInText(notice.body ?? '') ??
		(notice.title?.trim() || undefined)
	);
}
