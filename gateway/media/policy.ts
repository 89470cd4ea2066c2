/**
 * What the demo gateway accepts as an upload: a size within its limit and a MIME type that is
 * well-formed, not an executable or script, and consistent with the announced `kind`.
 */
import type { MediaKind } from '../../src/lib/protocol/iris';

/** Types refused outright (things that run, not things to look at). */
const REFUSED_MIME = new Set([
	'application/x-msdownload',
	'application/x-msdos-program',
	'application/vnd.microsoft.portable-executable',
	'application/x-dosexec',
	'application/x-executable',
	'application/x-sh',
	'application/x-shellscript',
	'application/javascript',
	'text/javascript'
]);

/** The top-level type a kind requires (documents may be anything else). */
const KIND_TOP: Partial<Record<MediaKind, string>> = {
	image: 'image',
	audio: 'audio',
	voice: 'audio',
	video: 'video'
};

/** Why an upload of `kind`/`mime` is refused (for the `error{unsupported}` message), or null. */
export function mimeProblem(kind: MediaKind, mime: string | undefined): string | null {
	const type = (mime ?? 'application/octet-stream').split(';', 1)[0]!.trim().toLowerCase();
	if (!/^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(type)) return `"${mime}" is not a MIME type`;
	if (REFUSED_MIME.has(type)) return `files of type ${type} are not accepted`;
	const top = KIND_TOP[kind];
	if (top && !type.startsWith(`${top}/`))
		return `kind "${kind}" needs MIME type ${top}/*, not ${type}`;
	return null;
}

/** Why `size` bytes are refused under `limit` bytes, or null. */
export function sizeProblemBytes(size: number, limit: number): string | null {
	return size > limit ? `${size} bytes is over the gateway's limit of ${limit} bytes` : null;
}
