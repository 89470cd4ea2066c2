/**
 * `node --import tsx tests/e2e/check-frames.ts <recording.jsonl>`: prints (JSON) the recorded
 * frames that fail the protocol schema, checked with the codec the app and gateway use. A separate
 * process because Playwright's loader cannot import the codec's JSON schema module.
 */
import { decodeAppFrame, decodeServerFrame } from '../../src/lib/protocol/iris';
import { readRecording } from './frames';

const file = process.argv[2];
if (!file) throw new Error('usage: check-frames.ts <recording.jsonl>');
const bad = readRecording(file).flatMap(({ dir, text }) => {
	const result = dir === 'in' ? decodeAppFrame(text) : decodeServerFrame(text);
	return result.ok ? [] : [`${dir}: ${result.error.message}: ${text.slice(0, 200)}`];
});
process.stdout.write(JSON.stringify(bad));
