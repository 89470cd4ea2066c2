/**
 * The frames a test's gateway recorded (`IRIS_RECORD_FRAMES`, gateway/recorder.ts): what the app
 * sent (`in`) and what the gateway sent (`out`). `nonConformant` checks each against the protocol
 * schema with the same codec the app and gateway use (bundled: see check-frames.ts and
 * bundles.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AppFrame, ServerFrame } from '../../src/lib/protocol/iris';
import type { RecordedFrame } from '../../gateway/recorder';
import { FRAME_CHECK_BUNDLE } from './bundles';

/** What the frame-check bundle exports (./check-frames.ts). */
interface FrameCheck {
	nonConformantFrames(file: string): string[];
}

/**
 * The bundle, imported once per Playwright worker. It used to run as a process per test: ~0.2 s
 * of CPU each (Node's start and the schema's compilation), ~250 times a run.
 */
let frameCheck: Promise<FrameCheck> | undefined;

/** Every recorded line of `file`, in order (none if the gateway never wrote one). */
export function readRecording(file: string): RecordedFrame[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as RecordedFrame);
}

/**
 * The frames of `file` that fail the schema, as `dir: reason: excerpt` (empty = conformant).
 * Rejects if the bundle is missing (the global setup makes it).
 */
export async function nonConformant(file: string): Promise<string[]> {
	frameCheck ??= import(
		new URL(`../../${FRAME_CHECK_BUNDLE}`, import.meta.url).href
	) as Promise<FrameCheck>;
	return (await frameCheck).nonConformantFrames(file);
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
