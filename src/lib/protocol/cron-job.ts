/**
 * Which scheduled job a cron report or notice comes from (doc/inbox.md). The Iris spec
 * gives neither a job field, so the job is read from the text as Hermes Agent writes its cron
 * output — a first line `# Cron Job: <name>` or `Cronjob Response: <name>`, the reference
 * gateway's `Cron **<name>**:` — and from a notice's title.
 */

/** A report and a notice of the same job this close together (ms) are one run. */
export const SAME_RUN_MS = 5 * 60_000;

// A failed run's ` (FAILED)` follows the name after a space (a name may end in "(FAILED)"
// itself); the reference gateway's bold name ends at `**:` (a name may hold `**`).
const FIRST_LINE_JOB = [
	/^#{0,6}\s*cron\s*job\s*:\s*(.+?)(?:\s+\(failed\))?\s*$/i,
	/^cronjob response\s*:\s*(.+?)\s*$/i,
	/^cron\s+\*\*(.+?)\*\*:/i
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

const HEADER_LINE = [/^#{0,6}\s*cron\s*job\s*:/i, /^cronjob response\s*:/i];
const INLINE_NAME = /^cron\s+\*\*.+?\*\*:\s*/i;

/**
 * `text` without the job's name it starts with, for showing under the job's heading: a first line
 * `# Cron Job: <name>` or `Cronjob Response: <name>` (and a `---` rule after it) is left out, and
 * `Cron **<name>**:` before the words. A failed run's line is kept (it says the run failed); text
 * that would be left empty is returned as is.
 */
export function withoutJobLine(text: string): string {
	const body = text.trimStart();
	const newline = body.indexOf('\n');
	const first = (newline < 0 ? body : body.slice(0, newline)).trim();
	if (/\s\(failed\)$/i.test(first)) return text;
	const rest = HEADER_LINE.some((p) => p.test(first))
		? (newline < 0 ? '' : body.slice(newline + 1)).replace(/^\s*-{3,}[ \t]*(?:\n|$)/, '')
		: body.replace(INLINE_NAME, '');
	return rest.trim() ? rest : text;
}
