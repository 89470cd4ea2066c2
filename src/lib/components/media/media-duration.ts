/**
 * A recorded WebM (what `MediaRecorder` makes, so every voice note from a browser) has no
 * duration in its header: the element reports `Infinity` and its controls show a bare "0:00"
 * until the note has played once. Seeking far past the end makes the browser scan the file; its
 * `durationchange` then carries the real length, and the position goes back to the start.
 */

/** Svelte attachment for `<audio>`/`<video>`: learn the real duration once metadata loads. */
export function learnDuration(el: HTMLMediaElement): () => void {
	let scanning = false;
	const onmetadata = () => {
		if (Number.isFinite(el.duration) || scanning) return;
		scanning = true;
		el.currentTime = Number.MAX_SAFE_INTEGER;
	};
	const ondurationchange = () => {
		if (!scanning || !Number.isFinite(el.duration)) return;
		scanning = false;
		el.currentTime = 0;
	};
	el.addEventListener('loadedmetadata', onmetadata);
	el.addEventListener('durationchange', ondurationchange);
	if (el.readyState >= HTMLMediaElement.HAVE_METADATA) onmetadata();
	return () => {
		el.removeEventListener('loadedmetadata', onmetadata);
		el.removeEventListener('durationchange', ondurationchange);
	};
}
