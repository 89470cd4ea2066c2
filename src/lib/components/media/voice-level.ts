/**
 * The microphone's loudness for the recording bar's meter: a Web Audio `AnalyserNode` on the
 * stream, read once per animation frame, and a short rolling history of levels (newest last) so
 * the bars move like a waveform. Nothing is recorded or sent from here.
 */

/** How many levels the meter keeps (as many as fit show, the newest at the end). */
export const LEVEL_BARS = 40;
/** A new bar every this many ms (every frame would scroll too fast to read). */
const STEP_MS = 90;

/**
 * Listen to `stream` and call `onlevels` with `LEVEL_BARS` levels in 0…1 (oldest first) as they
 * change. Returns the function that stops listening (cancels the frame loop, closes the audio
 * context). Where Web Audio is missing it returns a no-op and never calls back.
 */
export function watchLevels(stream: MediaStream, onlevels: (levels: number[]) => void): () => void {
	if (typeof AudioContext === 'undefined') return () => {};
	const context = new AudioContext();
	const analyser = context.createAnalyser();
	analyser.fftSize = 512;
	context.createMediaStreamSource(stream).connect(analyser);
	const samples = new Float32Array(analyser.fftSize);
	const levels = new Array<number>(LEVEL_BARS).fill(0);
	let peak = 0;
	let last = 0;
	let frame = requestAnimationFrame(function read(now) {
		analyser.getFloatTimeDomainData(samples);
		let sum = 0;
		for (const s of samples) sum += s * s;
		// RMS of speech sits far below 1: scaled and square-rooted so quiet talk still shows.
		peak = Math.max(peak, Math.min(1, Math.sqrt(Math.sqrt(sum / samples.length) * 4)));
		if (now - last >= STEP_MS) {
			last = now;
			levels.shift();
			levels.push(peak);
			peak = 0;
			onlevels([...levels]);
		}
		frame = requestAnimationFrame(read);
	});
	return () => {
		cancelAnimationFrame(frame);
		context.close().catch(() => {}); // Already closed: nothing left to release.
	};
}
