/**
 * A paste into the composer: pasted images become attachments (handed to `add`, and the paste
 * is not inserted as text); pasted text stays text.
 */
export function pasteImages(event: ClipboardEvent, add: (files: File[]) => void): void {
	const files = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
	if (files.length === 0) return;
	event.preventDefault();
	add(files);
}

/**
 * A drop on the composer: dropped files become attachments (handed to `add`, and the browser
 * does not open them); a drop without files is left to the browser.
 */
export function dropFiles(event: DragEvent, add: (files: File[]) => void): void {
	const files = [...(event.dataTransfer?.files ?? [])];
	if (files.length === 0) return;
	event.preventDefault();
	add(files);
}
