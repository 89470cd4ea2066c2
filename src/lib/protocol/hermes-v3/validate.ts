/**
 * The spec's field tables as data, and the check of one parsed frame against them
 * (`spec/hermes-chat-v3.md` "消息结构" and "media 字段"). Pure; no I/O.
 *
 * Unknown extra fields are ignored everywhere (forward compatibility); a known field of the wrong
 * JSON type is a problem.
 */
import {
	V3_DIRECTION_TYPES,
	V3_ERROR_CODES,
	V3_MEDIA_TYPES,
	V3_TYPES,
	type V3Direction,
	type V3MediaType,
	type V3Type
} from './frames';

/** Envelope fields required per type ("消息结构" table; `stream` / `stream_end` / heartbeats excepted). */
export const V3_ENVELOPE_FIELDS: Readonly<Record<V3Type, readonly string[]>> = {
	text: ['id', 'from', 'to', 'session', 'ts'],
	image: ['id', 'from', 'to', 'session', 'ts'],
	voice: ['id', 'from', 'to', 'session', 'ts'],
	video: ['id', 'from', 'to', 'session', 'ts'],
	file: ['id', 'from', 'to', 'session', 'ts'],
	stream_start: ['id', 'from', 'to', 'session', 'ts'],
	// "stream 不带 id 和 ts": part of a stream, not a message; the spec's stream_end has neither.
	stream: ['from', 'to', 'session'],
	stream_end: ['from', 'to', 'session'],
	error: ['id', 'from', 'to', 'session', 'ts'],
	// "ping / pong 只带 type".
	ping: [],
	pong: []
};

/** Media fields required per media type: the spec's "media 字段" table, column by column. */
export const V3_MEDIA_FIELDS: Readonly<Record<V3MediaType, readonly string[]>> = {
	image: ['id', 'name', 'type', 'size', 'width', 'height'],
	voice: ['id', 'type', 'size', 'duration'],
	video: ['id', 'name', 'type', 'size', 'width', 'height', 'duration'],
	file: ['id', 'name', 'type', 'size']
};

type Check = (value: unknown) => string | null;

const nonEmptyString: Check = (v) =>
	typeof v === 'string' && v !== '' ? null : 'must be a non-empty string';
const string: Check = (v) => (typeof v === 'string' ? null : 'must be a string');
const nonNegative: Check = (v) =>
	typeof v === 'number' && Number.isFinite(v) && v >= 0 ? null : 'must be a number ≥ 0';
const count: Check = (v) =>
	Number.isInteger(v) && (v as number) >= 0 ? null : 'must be an integer ≥ 0';

/** JSON type of each envelope field, when present. */
const ENVELOPE_CHECKS: Record<string, Check> = {
	id: nonEmptyString,
	from: nonEmptyString,
	to: nonEmptyString,
	session: nonEmptyString,
	reply_to: (v) => (v === null ? null : nonEmptyString(v)),
	ts: nonNegative
};

/** JSON type of each media field, when present (size bytes, width/height px, duration s). */
const MEDIA_CHECKS: Record<string, Check> = {
	id: nonEmptyString,
	name: string,
	type: nonEmptyString,
	size: count,
	width: count,
	height: count,
	duration: nonNegative
};

function isObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkFields(
	obj: Record<string, unknown>,
	required: readonly string[],
	checks: Record<string, Check>,
	prefix: string
): string | null {
	for (const key of required) {
		if (obj[key] === undefined) return `${prefix}${key} is required`;
	}
	for (const [key, check] of Object.entries(checks)) {
		if (obj[key] === undefined) continue;
		const problem = check(obj[key]);
		if (problem) return `${prefix}${key} ${problem}`;
	}
	return null;
}

function isMediaType(type: V3Type): type is V3MediaType {
	return (V3_MEDIA_TYPES as readonly string[]).includes(type);
}

function dataProblem(type: V3Type, data: unknown, strict: boolean): string | null {
	if (data !== undefined && !isObject(data)) return 'data must be an object';
	const d = data ?? {};
	switch (type) {
		case 'text':
		case 'stream':
			if (data === undefined) return 'data is required';
			if (d.text === undefined) return 'data.text is required';
			return typeof d.text === 'string' ? null : 'data.text must be a string';
		case 'error': {
			if (data === undefined) return 'data is required';
			if (d.code === undefined) return 'data.code is required';
			if (typeof d.code !== 'string') return 'data.code must be a string';
			if (strict && !(d.code in V3_ERROR_CODES)) return `data.code "${d.code}" is not a spec code`;
			if (strict && d.text === undefined) return 'data.text is required';
			return d.text === undefined || typeof d.text === 'string'
				? null
				: 'data.text must be a string';
		}
		default:
			break;
	}
	if (!isMediaType(type)) return null;
	if (data === undefined) return 'data is required';
	if (d.text !== undefined && typeof d.text !== 'string') return 'data.text must be a string';
	if (d.media === undefined) return 'data.media is required';
	if (!isObject(d.media)) return 'data.media must be an object';
	return checkFields(d.media, V3_MEDIA_FIELDS[type], MEDIA_CHECKS, 'data.media.');
}

/** Why a parsed frame is not a v3 frame the `direction` may carry. */
export interface V3Problem {
	kind: 'envelope' | 'unknown_type' | 'direction' | 'invalid';
	message: string;
}

/**
 * Check `value` (parsed JSON) against the spec's tables for frames sent in `direction`; null when
 * it is valid. `strict` (what we send) also requires a spec `error.data.code`, an `error.data.text`
 * and whole-second `ts`; received frames are read liberally (doc/protocol.md).
 */
export function v3Problem(
	value: unknown,
	direction: V3Direction,
	strict = false
): V3Problem | null {
	if (!isObject(value)) return { kind: 'envelope', message: 'frame is not a JSON object' };
	const type = value.type;
	if (typeof type !== 'string') return { kind: 'envelope', message: 'frame has no string "type"' };
	if (!(V3_TYPES as readonly string[]).includes(type)) {
		return { kind: 'unknown_type', message: `unknown frame type "${type}"` };
	}
	const t = type as V3Type;
	if (!V3_DIRECTION_TYPES[direction].includes(t)) {
		const who = direction === 'app_to_server' ? 'the app' : 'the server';
		return { kind: 'direction', message: `"${t}" is not sent by ${who}` };
	}
	if (t === 'ping' || t === 'pong') return null;
	const invalid = (message: string): V3Problem => ({
		kind: 'invalid',
		message: `${t}: ${message}`
	});
	const envelope = checkFields(value, V3_ENVELOPE_FIELDS[t], ENVELOPE_CHECKS, '');
	if (envelope) return invalid(envelope);
	if (strict && value.ts !== undefined && !Number.isInteger(value.ts)) {
		return invalid('ts must be whole seconds');
	}
	const data = dataProblem(t, value.data, strict);
	return data ? invalid(data) : null;
}
