/**
 * A voice note being recorded with `MediaRecorder`: start, send (the recording becomes a file
 * handed to `onrecorded`, which sends it) or cancel (it is dropped). While it runs the composer
 * shows the recording bar (VoiceRecorder.svelte) in place of its row.
 */
import { m } from '$lib/i18n';
import { voiceNoteFile } from './voice-note-file';

/**
 * Why the microphone could not be had, for people, from a `getUserMedia`/`MediaRecorder` error
 * (a `DOMException` name: `NotAllowedError` refused, `NotFoundError` none, `NotReadableError` busy).
 */
export function voiceProblem(e: unknown): string {
	const name = e instanceof Error || e instanceof DOMException ? e.name : '';
	if (name === 'NotAllowedError' || name === 'SecurityError') return m.voice_denied();
	if (name === 'NotFoundError' || name === 'OverconstrainedError') return m.voice_no_device();
	if (name === 'NotReadableError' || name === 'AbortError') return m.voice_busy();
	return m.voice_failed();
}

export class VoiceRecording {
	/** Without MediaRecorder or a microphone API there is nothing to offer (files still work). */
	readonly supported =
		typeof MediaRecorder !== 'undefined' && !!globalThis.navigator?.mediaDevices?.getUserMedia;
	/** Whole seconds recorded so far. */
	seconds = $state(0);
	/** Why the last attempt could not record ('' when it could). */
	problem = $state('');
	/** The microphone's stream while recording (the level meter listens to it). */
	stream = $state.raw<MediaStream | null>(null);
	#recorder: MediaRecorder | null = $state(null);
	#starting = false;
	#timer: ReturnType<typeof setInterval> | undefined;
	readonly #onrecorded: (file: File) => void;

	/** @param onrecorded gets each recording sent, as a file to send as a `voice` note */
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
		if (this.#recorder || this.#starting) return;
		this.#starting = true;
		this.problem = '';
		let stream: MediaStream | undefined;
		let r: MediaRecorder;
		try {
			stream = await navigator.mediaDevices.getUserMedia({ audio: true });
			r = new MediaRecorder(stream);
		} catch (e) {
			for (const track of stream?.getTracks() ?? []) track.stop();
			console.warn('[voice] cannot record', e);
			this.problem = voiceProblem(e);
			return;
		} finally {
			this.#starting = false;
		}
		const chunks: Blob[] = [];
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
		this.stream = stream;
		r.start();
	}

	/** Stop and send the recording (through `onrecorded`, once the recorder has its last data). */
	send(): void {
		this.#end(true);
	}

	/** Stop and drop the recording: nothing is sent. */
	cancel(): void {
		this.#end(false);
	}

	#end(keep: boolean): void {
		clearInterval(this.#timer);
		const r = this.#recorder;
		// Already stopping (Send pressed twice): the first press sends it.
		if (!r || r.state === 'inactive') return;
		this.stream = null;
		if (!keep) this.#recorder = null;
		r.stop();
	}
}
