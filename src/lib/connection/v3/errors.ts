/**
 * v3 `error` codes (spec "error") in words for people, and the Iris `error.code` each one maps to
 * (the app's domain events use Iris codes; the human message carries the difference).
 */
import type { ServerPayloads } from '../../protocol/iris/frames';

type IrisCode = NonNullable<ServerPayloads['error']['code']>;

/** The spec's codes, each with the message shown when the frame carries no `data.text`. */
export const V3_ERROR_MESSAGES: Readonly<Record<string, string>> = {
	timeout: 'The agent took too long to answer. Try again later.',
	offline: 'The agent is offline right now.',
	rate_limited: 'Too many messages at once. Wait a moment and try again.',
	file_too_large: 'The file is too large for the gateway.',
	unsupported: 'The gateway does not support this format.',
	upload_failed: 'The upload failed.',
	internal: 'The gateway had an internal error.'
};

const IRIS_CODE: Readonly<Record<string, IrisCode>> = {
	rate_limited: 'rate_limited',
	file_too_large: 'media_too_large',
	unsupported: 'unsupported'
};

/**
 * The Iris `error` payload for a v3 error: `data.text` when the server wrote one, else the
 * message for the code, else a generic one naming the unknown code.
 */
export function v3ErrorPayload(code: unknown, text: unknown): ServerPayloads['error'] {
	const known = typeof code === 'string' ? V3_ERROR_MESSAGES[code] : undefined;
	const message =
		typeof text === 'string' && text.trim()
			? text
			: (known ?? `The gateway reported an error${typeof code === 'string' ? ` (${code})` : ''}.`);
	return { code: (typeof code === 'string' && IRIS_CODE[code]) || 'internal', message };
}
