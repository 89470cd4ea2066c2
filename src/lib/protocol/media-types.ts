/**
 * Which media types may be shown inline on the app's origin (doc/security.md "Media from the
 * agent"). A Blob URL has the app's origin: a `text/html` or `image/svg+xml` Blob opened in a tab
 * ("Open in new tab", the image viewer) runs its script with access to the app's storage, token
 * included. So only types that cannot run script are ever given to a Blob URL as they are; every
 * other file is handed out as `application/octet-stream` (a download, never a document), and SVG
 * is shown only through `<img>` (where it runs no script), from a `data:` URL (opaque origin).
 *
 * The allow-list: raster images, audio and video a browser plays. Deliberately absent: SVG, HTML,
 * XHTML, XML, JavaScript, PDF (PDF viewers run document scripts and forms: it is saved and opened
 * outside the app), and anything unknown. Pure: usable by the page and by a gateway.
 */

/** What a file is handed out as when its own type is not safe inline. */
export const DOWNLOAD_TYPE = 'application/octet-stream';

/** The SVG type: shown, but only as an image from a `data:` URL. */
export const SVG_TYPE = 'image/svg+xml';

/** Types shown inline as they are (lower case, no parameters). */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
	'image/apng',
	'image/avif',
	'image/bmp',
	'image/gif',
	'image/jpeg',
	'image/png',
	'image/webp',
	'image/x-icon',
	'image/vnd.microsoft.icon',
	'audio/aac',
	'audio/flac',
	'audio/mp4',
	'audio/mpeg',
	'audio/ogg',
	'audio/opus',
	'audio/wav',
	'audio/wave',
	'audio/webm',
	'audio/x-flac',
	'audio/x-m4a',
	'audio/x-wav',
	'audio/3gpp',
	'video/3gpp',
	'video/mp4',
	'video/ogg',
	'video/quicktime',
	'video/webm'
]);

/** How a file of some type is shown: inline as is, as an SVG image, or only as a download. */
export type MediaPresentation = 'inline' | 'svg' | 'download';

/** `mime` lower-cased without parameters (`Image/PNG; q=1` → `image/png`); '' when absent. */
export function essence(mime: string | undefined): string {
	return (mime ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** How a file whose type is `mime` may be shown (see the module doc). */
export function presentationOf(mime: string | undefined): MediaPresentation {
	const type = essence(mime);
	if (INLINE_TYPES.has(type)) return 'inline';
	return type === SVG_TYPE ? 'svg' : 'download';
}

/**
 * The type to give a Blob URL of a file of type `mime`: its own (normalized) when safe inline,
 * else `DOWNLOAD_TYPE` (SVG included: its `<img>` gets a `data:` URL instead).
 */
export function objectUrlType(mime: string | undefined): string {
	return presentationOf(mime) === 'inline' ? essence(mime) : DOWNLOAD_TYPE;
}
