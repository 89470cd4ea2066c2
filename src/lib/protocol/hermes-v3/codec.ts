/**
 * Decode and encode Hermes Chat v3 frames (`spec/hermes-chat-v3.md`), and the unit and id
 * helpers both sides need.
 *
 * `decodeV3Frame` never throws: oversized text, bad JSON, a missing or unknown `type`, a type the
 * sender may not send, or a frame that misses a field the spec's tables require (including a
 * missing `data`) each come back as a typed `V3DecodeError` for the caller to log and answer.
 * `encodeV3Frame` checks strictly (strict in what we send) and throws `V3EncodeError` for a frame
 * the spec forbids — a programming error.
 */
import type { V3AppFrame, V3Direction, V3Frame } from './frames';
import { v3Problem, type V3Problem } from './validate';

/** Why an inbound frame was rejected. */
export type V3DecodeErrorKind = 'too_large' | 'json' | V3Problem['kind'];

/** A rejected inbound frame; plain data (crosses `postMessage`, goes into diagnostics). */
export interface V3DecodeError {
	kind: V3DecodeErrorKind;
	/** For people and logs, e.g. `image: data.media.width is required`. */
	message: string;
	/** The frame's `type`, when one could be read. */
	type?: string;
	/** The frame's `id`, when one could be read (an answering `error` puts it in `reply_to`). */
	id?: string;
	/** The frame's `session`, when one could be read (an answering `error` goes there). */
	session?: string;
	/** The frame's `from`, when one could be read (an answering `error` goes `to` it). */
	from?: string;
	/** The start of the raw text (at most 200 characters). */
	excerpt: string;
}

/** Result of decoding one text frame. */
export type V3DecodeResult<F extends V3Frame = V3Frame> =
	{ ok: true; frame: F } | { ok: false; error: V3DecodeError };

/** Largest text frame accepted, in UTF-16 code units (4 Mi, as for Iris). */
export const V3_MAX_FRAME_LENGTH = 4 * 1024 * 1024;

const EXCERPT = 200;

function readString(env: Record<string, unknown>, key: string): string | undefined {
	const v = env[key];
	return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * Decode one text frame sent in `direction` (`'app_to_server'` on the gateway, `'server_to_app'`
 * in the app). Never throws.
 */
export function decodeV3Frame(
	text: string,
	direction: V3Direction,
	maxLength = V3_MAX_FRAME_LENGTH
): V3DecodeResult {
	const excerpt = text.slice(0, EXCERPT);
	if (text.length > maxLength) {
		const message = `frame of ${text.length} chars exceeds ${maxLength}`;
		return { ok: false, error: { kind: 'too_large', message, excerpt } };
	}
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (e) {
		const message = `invalid JSON: ${(e as Error).message}`;
		return { ok: false, error: { kind: 'json', message, excerpt } };
	}
	const problem = v3Problem(value, direction);
	if (!problem) return { ok: true, frame: value as V3Frame };
	const env = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
	const error: V3DecodeError = { ...problem, excerpt };
	for (const key of ['type', 'id', 'session', 'from'] as const) {
		const v = readString(env, key);
		if (v !== undefined) error[key] = v;
	}
	return { ok: false, error };
}

/** Decode a frame received by the app (agent/server → app). Never throws. */
export function decodeV3ServerFrame(text: string, maxLength = V3_MAX_FRAME_LENGTH): V3DecodeResult {
	return decodeV3Frame(text, 'server_to_app', maxLength);
}

/** Decode a frame received by the gateway (app → server). Never throws. */
export function decodeV3AppFrame(
	text: string,
	maxLength = V3_MAX_FRAME_LENGTH
): V3DecodeResult<V3AppFrame> {
	// The direction check admits only the app's types, so the narrower type holds.
	return decodeV3Frame(text, 'app_to_server', maxLength) as V3DecodeResult<V3AppFrame>;
}

/** Thrown by `encodeV3Frame` for a frame the spec forbids. */
export class V3EncodeError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'V3EncodeError';
	}
}

/**
 * Encode a frame sent in `direction`. Throws `V3EncodeError` if it misses a required field, has
 * a field of the wrong type, a non-spec error code or a fractional `ts`.
 */
export function encodeV3Frame(frame: V3Frame, direction: V3Direction): string {
	const problem = v3Problem(frame, direction, true);
	if (problem) throw new V3EncodeError(problem.message);
	return JSON.stringify(frame);
}

/** Epoch milliseconds of a v3 `ts` (Unix seconds, possibly fractional when received). */
export function v3TsToMs(ts: number): number {
	return Math.round(ts * 1000);
}

/** The v3 `ts` (whole Unix seconds, rounded down) of an epoch-millisecond time. */
export function msToV3Ts(ms: number): number {
	return Math.floor(ms / 1000);
}

/** A fresh frame / session id: a UUID (spec "消息唯一 ID，UUID"). */
export function newV3Id(): string {
	return crypto.randomUUID();
}
