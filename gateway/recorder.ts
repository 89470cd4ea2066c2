/**
 * Frame recording for the conformance test (`IRIS_RECORD_FRAMES=<file>`): every text frame the
 * gateway receives (`in`, app → server) and sends (`out`, server → app) is appended to the file as
 * one JSON line `{"dir":"in"|"out","text":"<the frame as on the wire>"}` (plus `"dialect":"v3"`
 * for Hermes Chat v3 frames), so a test can validate
 * each one against the schema afterwards. Binary frames (media bytes, doc/protocol.md "Media") are
 * not frames of the schema and are left out. Synchronous appends keep the order exact; this is a
 * test aid, not a production log.
 *
 * The pairing token never reaches the file: a `hello` frame's `payload.token` is written as
 * `REDACTED_TOKEN` (still a string, so the frame still fits the schema). v3 frames carry no token
 * (it is in the socket URL, which is not recorded).
 */
import { appendFileSync } from 'node:fs';

/** Direction of a recorded frame, seen from the gateway. */
export type RecordedDirection = 'in' | 'out';

/** The dialect of a recorded frame: absent = Iris v1, `v3` = Hermes Chat v3 (`/ws/app`). */
export type RecordedDialect = 'v3';

/** One line of the recording file. */
export interface RecordedFrame {
	dir: RecordedDirection;
	text: string;
	dialect?: RecordedDialect;
}

/** Records one frame; a no-op when recording is off. */
export type FrameRecorder = (
	dir: RecordedDirection,
	text: string,
	dialect?: RecordedDialect
) => void;

/** What a recorded `hello` carries instead of the token. */
export const REDACTED_TOKEN = '[redacted]';

/**
 * A recorder appending to `file`, or a no-op for `undefined`. A write that fails (the file's
 * directory was removed: another test run cleaned its output directory) ends the recording and
 * is told to `onStop` once; the gateway goes on serving (a missing recording fails the test that
 * reads it, not every test on this gateway).
 */
export function frameRecorder(
	file: string | undefined,
	onStop: (error: unknown) => void = (error) =>
		console.error(`[gateway] frame recording stopped: ${String(error)}`)
): FrameRecorder {
	if (!file) return () => {};
	let recording = true;
	return (dir, raw, dialect) => {
		if (!recording) return;
		const text = redactToken(raw);
		try {
			appendFileSync(file, `${JSON.stringify(dialect ? { dir, text, dialect } : { dir, text })}\n`);
		} catch (error) {
			recording = false;
			onStop(error);
		}
	};
}

/**
 * `text` with a `hello` frame's token replaced by `REDACTED_TOKEN`; any other text unchanged
 * (also text that is not JSON: malformed frames are recorded as they came).
 */
export function redactToken(text: string): string {
	// Cheap test first: only a frame that mentions "token" is parsed.
	if (!text.includes('"token"')) return text;
	let frame: unknown;
	try {
		frame = JSON.parse(text);
	} catch {
		return text;
	}
	const payload = (frame as { payload?: unknown } | null)?.payload;
	if (payload === null || typeof payload !== 'object' || !('token' in payload)) return text;
	(payload as { token: unknown }).token = REDACTED_TOKEN;
	return JSON.stringify(frame);
}
