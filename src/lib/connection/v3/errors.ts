/**
 * A v3 `error` (spec "error") as the app's domain `error` event: the human message is the frame's
 * `data.text`, else the spec's meaning of its code (`V3_ERROR_CODES`); the Iris `code` is the
 * nearest one the app knows.
 */
import type { ServerPayloads } from '../../protocol/iris/frames';
import { V3_ERROR_CODES } from '../../protocol/hermes-v3';

type IrisCode = NonNullable<ServerPayloads['error']['code']>;

const IRIS_CODE: Readonly<Record<string, IrisCode>> = {
	rate_limited: 'rate_limited',
	file_too_large: 'media_too_large',
	unsupported: 'unsupported'
};

/** The Iris `error` payload for a v3 error `code` with the server's `text` (either may be absent). */
export function v3ErrorPayload(code: unknown, text: unknown): ServerPayloads['error'] {
	const known =
		typeof code === 'string' && code in V3_ERROR_CODES
			? V3_ERROR_CODES[code as keyof typeof V3_ERROR_CODES]
			: undefined;
	const message =
		typeof text === 'string' && text.trim()
			? text
			: (known ?? `The gateway reported an error${typeof code === 'string' ? ` (${code})` : ''}.`);
	return { code: (typeof code === 'string' && IRIS_CODE[code]) || 'internal', message };
}
