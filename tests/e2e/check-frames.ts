/**
 * The recorded-frame check: which recorded frames fail the protocol schema (Hermes v3 frames: the
 * v3 field tables), checked with the codec the app and gateway use. Bundled by the global setup
 * (`build-gateway/check-frames.mjs`, ./bundles.ts) and imported from the bundle by ./frames.ts,
 * because Playwright's loader cannot import the codec's JSON schema module; the bundle inlines it.
 */
import { decodeAppFrame, decodeServerFrame } from '../../src/lib/protocol/iris';
import { decodeV3Frame } from '../../src/lib/protocol/hermes-v3';
import { readRecording } from './frames';

/** The frames of the recording `file` that fail the schema, as `dir: reason: excerpt`. */
export function nonConformantFrames(file: string): string[] {
	return readRecording(file).flatMap(({ dir, text, dialect }) => {
		const result =
			dialect === 'v3'
				? decodeV3Frame(text, dir === 'in' ? 'app_to_server' : 'server_to_app')
				: dir === 'in'
					? decodeAppFrame(text)
					: decodeServerFrame(text);
		return result.ok ? [] : [`${dir}: ${result.error.message}: ${text.slice(0, 200)}`];
	});
}
