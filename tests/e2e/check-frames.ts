/**
 * `node build-gateway/check-frames.mjs <recording.jsonl>` (bundled, ./bundles.ts): prints (JSON)
 * the recorded frames that fail the protocol schema (Hermes v3 frames: the v3 field tables),
 * checked with the codec the app and gateway use. A separate process because Playwright's loader
 * cannot import the codec's JSON schema module.
 */
import { decodeAppFrame, decodeServerFrame } from '../../src/lib/protocol/iris';
import { decodeV3Frame } from '../../src/lib/protocol/hermes-v3';
import { readRecording } from './frames';

const file = process.argv[2];
if (!file) throw new Error('usage: check-frames.ts <recording.jsonl>');
const bad = readRecording(file).flatMap(({ dir, text, dialect }) => {
	const result =
		dialect === 'v3'
			? decodeV3Frame(text, dir === 'in' ? 'app_to_server' : 'server_to_app')
			: dir === 'in'
				? decodeAppFrame(text)
				: decodeServerFrame(text);
	return result.ok ? [] : [`${dir}: ${result.error.message}: ${text.slice(0, 200)}`];
});
process.stdout.write(JSON.stringify(bad));
