/**
 * A voice note's length shown before it is played. `preload="metadata"` on the element asks for
 * the header (a browser may default to `none` and show a bare "0:00"). A WebM from a
 * `MediaRecorder` that wrote no duration into its header (older Chromium; the file is kept as
 * recorded) reports `Infinity` until it has played once: seeking far past the end makes the
 * browser scan the file, its `durationchange` carries the real length, and the position goes
 * back to the start.
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
	if (el.readyState >= 1) onmetadata(); // HAVE_METADATA: it loaded before the attachment ran.
	return () => {
		el.removeEventListener('loadedmetadata', onmetadata);
		el.removeEventListener('durationchange', ondurationchange);
	};
}
