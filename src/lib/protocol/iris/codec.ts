/**
 * Decode and encode Iris v1 frames (doc/protocol.md "Transport and handshake").
 *
 * `decode*` never throws: bad JSON, a wrong `v`, a missing or unknown `type`, a payload that does
 * not match the schema, or an oversized frame each come back as a typed `ProtocolError`, which the
 * caller records (diagnostics) and skips. `encode*` validates too (strict in what we send) and
 * throws `ProtocolEncodeError` for a frame that would violate the schema — a programming error.
 */
import { PROTOCOL_VERSION, type AppFrame, type ServerFrame } from './frames';
import { validatorFor, type Direction } from './schema';

/** Why a frame was rejected. */
export type ProtocolErrorKind =
	'too_large' | 'json' | 'envelope' | 'version' | 'unknown_type' | 'invalid';

/** A rejected inbound frame; plain data so it crosses `postMessage` and goes into diagnostics. */
export interface ProtocolError {
	kind: ProtocolErrorKind;
	/** Human-readable reason, e.g. `payload/text must be string`. */
	message: string;
	/** The frame's `type`, when one could be read. */
	type?: string;
	/** The frame's request `id`, when one could be read (so a pending request can be failed). */
	id?: number;
	/** The start of the raw text (at most 200 characters), for the diagnostics log. */
	excerpt: string;
}

/** Result of decoding one text frame. */
export type DecodeResult<F> = { ok: true; frame: F } | { ok: false; error: ProtocolError };

/** Largest text frame accepted, in UTF-16 code units (4 Mi). Larger ones are rejected unparsed. */
export const MAX_FRAME_LENGTH = 4 * 1024 * 1024;

const EXCERPT = 200;

function fail(
	kind: ProtocolErrorKind,
	message: string,
	text: string,
	extra: { type?: string; id?: number } = {}
): { ok: false; error: ProtocolError } {
	return { ok: false, error: { kind, message, excerpt: text.slice(0, EXCERPT), ...extra } };
}

function decode<F>(text: string, direction: Direction, maxLength: number): DecodeResult<F> {
	if (text.length > maxLength) {
		return fail('too_large', `frame of ${text.length} chars exceeds ${maxLength}`, text);
	}
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (e) {
		return fail('json', `invalid JSON: ${(e as Error).message}`, text);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return fail('envelope', 'frame is not a JSON object', text);
	}
	const env = value as Record<string, unknown>;
	const type = typeof env.type === 'string' ? env.type : undefined;
	const id = Number.isInteger(env.id) ? (env.id as number) : undefined;
	if (env.v !== PROTOCOL_VERSION) {
		return fail('version', `unsupported protocol version ${JSON.stringify(env.v)}`, text, {
			type,
			id
		});
	}
	if (type === undefined) return fail('envelope', 'frame has no string "type"', text, { id });
	// Payload is optional in the envelope; an absent one is an empty object.
	if (env.payload === undefined) env.payload = {};
	const validate = validatorFor(direction, type);
	if (!validate) return fail('unknown_type', `unknown frame type "${type}"`, text, { type, id });
	if (!validate(env)) {
		const err = validate.errors?.[0];
		const where = err?.instancePath ? err.instancePath.slice(1) : 'frame';
		return fail('invalid', `${type}: ${where} ${err?.message ?? 'is invalid'}`, text, { type, id });
	}
	return { ok: true, frame: env as F };
}

/** Decode a text frame received by the app. Never throws. */
export function decodeServerFrame(
	text: string,
	maxLength = MAX_FRAME_LENGTH
): DecodeResult<ServerFrame> {
	return decode<ServerFrame>(text, 'server_to_app', maxLength);
}

/** Decode a text frame received by the server (the reference gateway). Never throws. */
export function decodeAppFrame(text: string, maxLength = MAX_FRAME_LENGTH): DecodeResult<AppFrame> {
	return decode<AppFrame>(text, 'app_to_server', maxLength);
}

/** Thrown by `encode*` when asked to send a frame the schema forbids. */
export class ProtocolEncodeError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ProtocolEncodeError';
	}
}

function encode(frame: AppFrame | ServerFrame, direction: Direction): string {
	// Read before validating: Ajv's `validate` is a type guard, so after `!validate(frame)` the
	// frame narrows to `never`.
	const type: string = frame.type;
	const validate = validatorFor(direction, type);
	if (!validate) throw new ProtocolEncodeError(`unknown ${direction} frame type "${type}"`);
	if (!validate(frame)) {
		const err = validate.errors?.[0];
		throw new ProtocolEncodeError(`${type}: ${err?.instancePath ?? ''} ${err?.message ?? ''}`);
	}
	return JSON.stringify(frame);
}

/** Encode a frame the app sends. Throws `ProtocolEncodeError` if it violates the schema. */
export function encodeAppFrame(frame: AppFrame): string {
	return encode(frame, 'app_to_server');
}

/**
 * Encode a frame the server sends. Throws `ProtocolEncodeError` if it violates the schema.
 * `read.receipt` is relayed to other devices (doc/protocol.md "Reconnect and sync") and validated
 * as the app's frame.
 */
export function encodeServerFrame(frame: ServerFrame): string {
	return encode(frame, frame.type === 'read.receipt' ? 'app_to_server' : 'server_to_app');
}

/** Build an envelope: `frame('message.update', { message_id, text }, { chat_id })`. */
export function frame<T extends string, P>(
	type: T,
	payload: P,
	extra: { id?: number; chat_id?: string; thread_id?: string } = {}
): { v: 1; type: T; payload: P; id?: number; chat_id?: string; thread_id?: string } {
	return { v: PROTOCOL_VERSION, type, ...extra, payload };
}
