/**
 * Save a Blob as a download: an `<a download>` clicked on an object URL, so the app itself never
 * navigates.
 */

/** How long the object URL lives after the click, ms: the browser reads it after the click returns. */
const URL_LIFETIME_MS = 60_000;

/** Offer `blob` for download under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
	const url = URL.createObjectURL(blob);
	const a = document.createElement('a');
	a.href = url;
	a.download = filename;
	a.hidden = true;
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
