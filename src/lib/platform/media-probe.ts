/**
 * Measure an attached video's size and a voice note's or video's length in the page (a media
 * element reads the metadata; workers have none), for the `width`/`height`/`duration` a v3 gateway
 * requires. Best effort: what cannot be read within `timeoutMs` is left out.
 */
import type { MediaKind } from '../protocol/iris/frames';
import { safeObjectUrl } from './safe-object-url';

/** Pixels and seconds; each present only when measured. */
export interface MediaMetrics {
	width?: number;
	height?: number;
	duration?: number;
}

/** Measure `blob` if its kind has a length (voice, audio, video); `{}` otherwise or on failure. */
export async function probeMedia(
	blob: Blob,
	kind: MediaKind,
	timeoutMs = 3000
): Promise<MediaMetrics> {
	if (kind !== 'voice' && kind !== 'audio' && kind !== 'video') return {};
	if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return {};
	const el = document.createElement(kind === 'video' ? 'video' : 'audio');
	// Never an active type, even for a moment (doc/security.md).
	const src = safeObjectUrl(blob);
	try {
		return await new Promise<MediaMetrics>((resolve) => {
			const timer = setTimeout(() => resolve(read()), timeoutMs);
			const read = (): MediaMetrics => {
				const m: MediaMetrics = {};
				if (Number.isFinite(el.duration)) m.duration = el.duration;
				if (el instanceof HTMLVideoElement && el.videoWidth) {
					m.width = el.videoWidth;
					m.height = el.videoHeight;
				}
				return m;
			};
			const done = () => {
				clearTimeout(timer);
				resolve(read());
			};
			el.onloadedmetadata = () => {
				if (Number.isFinite(el.duration)) return done();
				// A MediaRecorder file (WebM) has no duration in its header: seeking to the end
				// makes the element scan it, and `durationchange` then carries the real one.
				el.ondurationchange = () => Number.isFinite(el.duration) && done();
				el.currentTime = Number.MAX_SAFE_INTEGER;
			};
			el.onerror = done;
			el.preload = 'metadata';
			el.src = src;
		});
	} finally {
		URL.revokeObjectURL(src);
		el.removeAttribute('src');
	}
}
