/**
 * A voice note being recorded with `MediaRecorder`: start, finish (the recording becomes a file)
 * or cancel (it is dropped). The composer shows the state (the running duration) where the text
 * field was, and the microphone button finishes it.
 */
import { m } from '$lib/i18n';
import { voiceNoteFile } from './voice-note-file';

export class VoiceRecording {
	/** Without MediaRecorder or a microphone API there is nothing to offer (files still work). */
	readonly supported =
		typeof MediaRecorder !== 'undefined' && !!globalThis.navigator?.mediaDevices?.getUserMedia;
	/** Whole seconds recorded so far. */
	seconds = $state(0);
	/** Why the last attempt could not record ('' when it could). */
	problem = $state('');
	#recorder: MediaRecorder | null = $state(null);
	#timer: ReturnType<typeof setInterval> | undefined;
	readonly #onrecorded: (file: File) => void;

	/** @param onrecorded gets each finished recording, as a file to attach as a `voice` note */
	constructor(onrecorded: (file: File) => void) {
		this.#onrecorded = onrecorded;
	}

	/** Whether a recording is running. */
	get recording(): boolean {
		return this.#recorder !== null;
	}

	/** The running duration as m:ss. */
	get duration(): string {
		return `${Math.floor(this.seconds / 60)}:${String(this.seconds % 60).padStart(2, '0')}`;
	}

	/** Ask for the microphone and start; a refusal or a missing microphone sets `problem`. */
	async start(): Promise<void> {
		if (this.#recorder) return;
		this.problem = '';
		let stream: MediaStream;
		try {
			stream = await navigator.mediaDevices.getUserMedia({ audio: true });
		} catch (e) {
			this.problem = m.voice_cannot_record({
				error: (e as Error).message || m.voice_no_microphone()
			});
			return;
		}
		const chunks: Blob[] = [];
		const r = new MediaRecorder(stream);
		r.ondataavailable = (e) => {
			if (e.data.size > 0) chunks.push(e.data);
		};
		r.onstop = () => {
			for (const track of stream.getTracks()) track.stop();
			if (r !== this.#recorder) return; // Cancelled: the recording is dropped.
			this.#recorder = null;
			this.#onrecorded(voiceNoteFile(chunks, r.mimeType, Date.now()));
		};
		const began = Date.now();
		this.seconds = 0;
		this.#timer = setInterval(() => (this.seconds = Math.floor((Date.now() - began) / 1000)), 250);
		this.#recorder = r;
		r.start();
	}

	/** End the recording: `keep` attaches it, otherwise it is dropped. */
	finish(keep: boolean): void {
		clearInterval(this.#timer);
		const r = this.#recorder;
		if (!r) return;
		if (!keep) this.#recorder = null;
		r.stop();
	}

	/** The microphone button: start, or finish and attach. */
	toggle(): void {
		if (this.#recorder) this.finish(true);
		else void this.start();
	}
}
