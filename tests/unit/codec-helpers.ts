/**
 * Shared pieces of the Iris v1 codec tests (codec-*.test.ts): what the schema lists per frame, the
 * chat ids the sample frames use, and decoding helpers.
 */
import spec from '../../spec/iris-protocol-v1.schema.json';
import {
	decodeAppFrame,
	decodeServerFrame,
	type AppFrame,
	type AppFrameOf,
	type AppFrameType,
	type DecodeResult,
	type ServerFrame,
	type ServerFrameOf,
	type ServerFrameType
} from '../../src/lib/protocol/iris';

/** The way a frame travels, as the schema names it. */
export type Direction = 'server_to_app' | 'app_to_server';
type PayloadSpec = Record<string, unknown> & { $ref?: string };
const frameTypes = spec.frame_types as unknown as Record<
	Direction,
	Record<string, { payload: PayloadSpec }>
>;
const definitions = spec.definitions as unknown as Record<
	string,
	{ properties: Record<string, unknown> }
>;

/** One sample frame per server → app type. */
export type ServerSamples = { [T in ServerFrameType]: ServerFrameOf<T> };
/** One sample frame per app → server type. */
export type AppSamples = { [T in AppFrameType]: AppFrameOf<T> };

/** The channel the sample frames are in. */
export const CHAT = 'android:chan_7';
/** A thread of `CHAT`. */
export const THREAD = 'android:chan_7:thr_2';

/** A deep copy of `value`. */
export const clone = <T>(value: T): T => structuredClone(value);

/** The payload keys the spec lists for a frame (a bare `$ref` payload resolved). */
export function specPayloadKeys(direction: Direction, type: string): string[] {
	const payload = frameTypes[direction][type]!.payload;
	if (payload.$ref) return Object.keys(definitions[payload.$ref.split('/').pop()!]!.properties);
	return Object.keys(payload);
}

/** Decode with the decoder for `direction` (what the receiving side uses). */
export function decodeAs(direction: Direction, text: string): DecodeResult<ServerFrame | AppFrame> {
	return direction === 'server_to_app' ? decodeServerFrame(text) : decodeAppFrame(text);
}

/** The error of a rejected decode; throws if the frame was accepted. */
export function rejection(result: DecodeResult<unknown>) {
	if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.frame)}`);
	return result.error;
}
