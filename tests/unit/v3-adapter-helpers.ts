/**
 * Helpers of the v3 adapter tests (v3-adapter-*.test.ts): spec examples decoded as the adapter
 * decodes them, and a fresh mapping context.
 */
import { decodeV3Frame, type V3Frame } from '../../src/lib/protocol/hermes-v3';
import type { InboundContext } from '../../src/lib/connection/v3/inbound';

/** Decode a spec example the way the adapter does (the shared v3 codec), failing loudly. */
export function decoded(example: object): V3Frame {
	const result = decodeV3Frame(JSON.stringify(example), 'server_to_app');
	if (!result.ok) throw new Error(result.error.message);
	return result.frame;
}

/** A fresh inbound mapping context for `userId`: no open streams, numbered UUIDs. */
export function context(userId = 'someone-else'): InboundContext {
	let n = 0;
	return { userId, streams: new Map(), randomUUID: () => `uuid-${++n}` };
}
