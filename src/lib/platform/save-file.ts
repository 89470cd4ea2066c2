/**
 * Saving bytes as a file on the user's device (doc/security.md "Media from the agent"): a
 * temporary `<a download>` on an `application/octet-stream` Blob URL, clicked from script. The
 * URL's type is always the download type, whatever the file is: even if someone opens the URL in
 * a tab, the browser saves it and never renders it as a document of the app's origin.
 */
import { DOWNLOAD_TYPE } from '../protocol/media-types';
import { safeFileName } from '../protocol/visible-text';

/**
 * How long the Blob URL outlives the click, ms. Chromium starts reading it at once, but some
 * browsers read it after the click returns; the bytes stay in memory only this long.
 */
export const SAVE_URL_LIFETIME_MS = 60_000;

/**
 * Save `blob` under `filename` (hidden and path characters removed by `safeFileName`). Starts the
 * browser's download at once; the temporary Blob URL is revoked after `SAVE_URL_LIFETIME_MS`.
 */
export function saveBlob(blob: Blob, filename: string, doc: Document = document): void {
	const url = URL.createObjectURL(
		blob.type === DOWNLOAD_TYPE ? blob : blob.slice(0, blob.size, DOWNLOAD_TYPE)
	);
	const a = doc.createElement('a');
	a.href = url;
	a.download = safeFileName(filename);
	a.rel = 'noopener';
	a.hidden = true;
	// In the document: Firefox ignores a click on a detached link.
	doc.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), SAVE_URL_LIFETIME_MS);
}
