/**
 * How the demo agent describes media it was sent (kind, name, size), and the media refs of a
 * `message.send` resolved against the store.
 */
import { formatBytes, type MediaRef } from '../../src/lib/protocol/iris';
import { MediaStore } from './store';

/** The stored refs for `media_refs`, or the first ref that was never uploaded. */
export function resolveRefs(
	store: MediaStore,
	media_refs: readonly string[]
): { ok: true; media: MediaRef[] } | { ok: false; missing: string } {
	const media: MediaRef[] = [];
	for (const id of media_refs) {
		const item = store.get(id);
		if (!item) return { ok: false, missing: id };
		media.push(MediaStore.ref(item));
	}
	return { ok: true, media };
}

/** One line per piece of media: `an image "cat.png" (image/png, 12.3 KB)`. */
export function describeMedia(media: readonly MediaRef[]): string {
	return media
		.map((m) => {
			const kind = m.kind ?? 'document';
			const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
			const what = kind === 'voice' ? 'voice note' : kind;
			const size = m.size === undefined ? 'unknown size' : formatBytes(m.size);
			return `${article} ${what} "${m.filename ?? m.media_id}" (${m.mime ?? 'unknown type'}, ${size})`;
		})
		.join('\n');
}

/** The text the demo agent answers: the user's words plus what was attached. */
export function mediaTurnText(text: string, media: readonly MediaRef[]): string {
	const list = describeMedia(media);
	return text.trim() ? `${text}\n\nAttached:\n${list}` : `Attached:\n${list}`;
}
