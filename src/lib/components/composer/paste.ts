/** Files dragged over the composer may be dropped there (`dragover` must be cancelled). */
export function allowFileDrop(event: DragEvent): void {
	if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
}

/** Files dropped on the composer become attachments (handed to `add`). */
export function dropFiles(event: DragEvent, add: (files: File[]) => void): void {
	const files = [...(event.dataTransfer?.files ?? [])];
	if (files.length === 0) return;
	event.preventDefault();
	add(files);
}

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
