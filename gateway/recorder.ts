/**
 * Frame recording for the conformance test (`IRIS_RECORD_FRAMES=<file>`): every text frame the
 * gateway receives (`in`, app → server) and sends (`out`, server → app) is appended to the file as
 * one JSON line `{"dir":"in"|"out","text":"<the frame as on the wire>"}` (plus `"dialect":"v3"`
 * for Hermes Chat v3 frames), so a test can validate
 * each one against the schema afterwards. Binary frames (media bytes, doc/protocol.md "Media") are
 * not frames of the schema and are left out. Synchronous appends keep the order exact; this is a
 * test aid, not a production log.
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

/** A recorder appending to `file`, or a no-op for `undefined`. Throws on an unwritable file. */
export function frameRecorder(file: string | undefined): FrameRecorder {
	if (!file) return () => {};
	return (dir, text, dialect) =>
		appendFileSync(file, `${JSON.stringify(dialect ? { dir, text, dialect } : { dir, text })}\n`);
}
