/**
 * The frames a test's gateway recorded (`IRIS_RECORD_FRAMES`, gateway/recorder.ts): what the app
 * sent (`in`) and what the gateway sent (`out`). `nonConformant` checks each against the protocol
 * schema with the same codec the app and gateway use (in a child process, bundled: see
 * check-frames.ts and bundles.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppFrame, ServerFrame } from '../../src/lib/protocol/iris';
import type { RecordedFrame } from '../../gateway/recorder';
import { FRAME_CHECK_BUNDLE } from './bundles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every recorded line of `file`, in order (none if the gateway never wrote one). */
export function readRecording(file: string): RecordedFrame[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as RecordedFrame);
}

/** The frames of `file` that fail the schema, as `dir: reason: excerpt` (empty = conformant). */
export function nonConformant(file: string): string[] {
	const out = execFileSync(process.execPath, [FRAME_CHECK_BUNDLE, file], {
		cwd: ROOT,
		encoding: 'utf8'
	});
	return JSON.parse(out) as string[];
}

/** The Iris frames the app sent (parsed, not validated: `nonConformant` does that). */
export function appFrames(recording: readonly RecordedFrame[]): AppFrame[] {
	return recording
		.filter((r) => r.dir === 'in' && !r.dialect)
		.map((r) => JSON.parse(r.text) as AppFrame);
}

/** The Iris frames the gateway sent (parsed, not validated). */
export function serverFrames(recording: readonly RecordedFrame[]): ServerFrame[] {
	return recording
		.filter((r) => r.dir === 'out' && !r.dialect)
		.map((r) => JSON.parse(r.text) as ServerFrame);
}
