/**
 * The `error` frame the reference gateway answers with. Its own module so that the feature,
 * control and media handlers can answer errors without importing the dispatcher (`handlers.ts`)
 * that imports them.
 */
import { frame, type ServerFrame, type ServerPayloads } from '../src/lib/protocol/iris';

/** An `error` code the schema allows. */
export type ErrorCode = NonNullable<ServerPayloads['error']['code']>;

/** An `error` frame answering request `id` (when known). */
export function errorFrame(code: ErrorCode, message: string, id?: number): ServerFrame {
	return frame('error', { code, message }, id === undefined ? {} : { id });
}
