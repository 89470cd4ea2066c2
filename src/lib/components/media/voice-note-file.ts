/**
 * A finished recording as the file attached as a `voice` note: named by when it was made
 * (`voice-note-2026-12-01-19-48-15.webm`, UTC), typed by the recorder's MIME type without its
 * parameters (`audio/webm;codecs=opus` → `audio/webm`; none → `audio/webm`).
 * @param now the time of the recording, ms since the epoch
 */
export function voiceNoteFile(chunks: Blob[], recorderType: string, now: number): File {
	const type = (recorderType || 'audio/webm').split(';', 1)[0] ?? 'audio/webm';
	const ext = type.split('/')[1] ?? 'webm';
	const stamp = new Date(now).toISOString().slice(0, 19).replace(/[:T]/g, '-');
	return new File(chunks, `voice-note-${stamp}.${ext}`, { type });
}
