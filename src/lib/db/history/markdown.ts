/**
 * A channel as Markdown (the readable export): a title, then each message under a heading with
 * its sender and time (UTC, ISO 8601, so the file reads the same everywhere), its text as written
 * (answers are Markdown already), its reasoning folded, and its media as links to the files beside
 * it in the zip. Pure: the caller gives the labels (in the interface language) and media paths.
 */
import type { Role } from '../../protocol/iris/frames';
import type { ExportChannel, ExportMessage } from './format';

/** The words of the export, in the interface language. */
export interface MarkdownLabels {
	/** The sender's name for a role (`You`, `Hermes` …). */
	role: (role: Role) => string;
	/** The summary of a folded reasoning block. */
	reasoning: string;
	/** Said of a file whose bytes this device does not hold (not in the zip). */
	notIncluded: string;
}

/** `ts` (epoch ms) as `2026-12-02 10:03:04 UTC`. */
export function utcTime(ts: number): string {
	return `${new Date(ts).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The top of a channel's file: its name as the title (a thread names its channel too). */
export function channelHeading(channel: ExportChannel, parent?: ExportChannel): string {
	const title = parent ? `${parent.name} › ${channel.name}` : channel.name;
	return `# ${title.replace(/\s+/g, ' ')}\n\n`;
}

/** One message as a Markdown section; `mediaPath` gives a file's path in the zip, if it has one. */
export function messageMarkdown(
	message: ExportMessage,
	mediaPath: (media_id: string) => string | undefined,
	labels: MarkdownLabels
): string {
	const out = [`### ${labels.role(message.role)} · ${utcTime(message.ts)}`, ''];
	if (message.reasoning) {
		out.push(
			`<details><summary>${labels.reasoning}</summary>`,
			'',
			message.reasoning,
			'',
			'</details>',
			''
		);
	}
	if (message.text) out.push(message.text, '');
	for (const ref of message.media ?? []) {
		const name = (ref.filename ?? ref.media_id).replace(/[[\]]/g, '');
		const path = mediaPath(ref.media_id);
		if (!path) out.push(`${name} (${labels.notIncluded})`, '');
		else if (ref.kind === 'image') out.push(`![${name}](${path})`, '');
		else out.push(`[${name}](${path})`, '');
	}
	out.push('---', '');
	return out.join('\n') + '\n';
}

/** A whole channel as one Markdown text (messages oldest first). */
export function channelMarkdown(
	channel: ExportChannel,
	messages: readonly ExportMessage[],
	mediaPath: (media_id: string) => string | undefined,
	labels: MarkdownLabels,
	parent?: ExportChannel
): string {
	return (
		channelHeading(channel, parent) +
		messages.map((message) => messageMarkdown(message, mediaPath, labels)).join('')
	);
}
