/**
 * Media rules shared by the app and the reference gateway (doc/protocol.md "Media"): chunk size of
 * binary frames, the default size limit, how a file's MIME type maps to a schema `kind`, and the
 * hex SHA-256 both sides compare. Pure: no storage, no DOM.
 */
import type { MediaKind } from './frames';

/** Largest binary frame of a transfer, bytes (doc/protocol.md "Media": at most 64 KiB). */
export const MEDIA_CHUNK_BYTES = 64 * 1024;

/** Default client-side (and gateway) upload limit, bytes: 50 MiB. */
export const DEFAULT_MEDIA_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * `sha256` sent in `media.upload.end` to abandon a transfer: the protocol has no cancel frame, so
 * the app ends the transfer with a hash that cannot match; the server discards the bytes.
 */
export const CANCEL_SHA256 = '0'.repeat(64);

/** The `[start, end)` byte ranges of the binary frames of a `size`-byte transfer, in order. */
export function chunkRanges(size: number, chunk = MEDIA_CHUNK_BYTES): [number, number][] {
	if (!Number.isInteger(size) || size < 0) throw new RangeError(`invalid size ${size}`);
	if (!Number.isInteger(chunk) || chunk <= 0) throw new RangeError(`invalid chunk ${chunk}`);
	const ranges: [number, number][] = [];
	for (let start = 0; start < size; start += chunk)
		ranges.push([start, Math.min(size, start + chunk)]);
	return ranges;
}

/**
 * The schema `kind` for a file: by MIME type first (`image/*`, `audio/*`, `video/*`), anything else
 * is a `document`. `voice` is never guessed: only a recorded voice note is one.
 */
export function kindOfMime(mime: string): MediaKind {
	const top = mime.split('/', 1)[0]?.toLowerCase();
	if (top === 'image') return 'image';
	if (top === 'audio') return 'audio';
	if (top === 'video') return 'video';
	return 'document';
}

/** `null` if `size` (bytes) may be uploaded under `limit` (bytes); otherwise why not, for people. */
export function sizeProblem(
	name: string,
	size: number,
	limit = DEFAULT_MEDIA_LIMIT_BYTES
): string | null {
	if (size <= limit) return null;
	return `"${name}" is ${formatBytes(size)}; files up to ${formatBytes(limit)} can be sent.`;
}

/** A byte count for people: `512 B`, `12.3 KB`, `5.0 MB` (binary multiples, 1 decimal). */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	const units = ['KB', 'MB', 'GB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit += 1;
	}
	return `${value.toFixed(1)} ${units[unit]}`;
}

/** Lower-case hex of a digest. */
export function toHex(digest: ArrayBuffer): string {
	return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
