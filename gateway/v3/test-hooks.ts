/**
 * Test-only HTTP endpoints for the v3 side (served only with `IRIS_TEST_HOOKS=1`), under
 * `/__test/v3/`:
 * - `POST /__test/v3/drop` → cut every open v3 connection now (no close handshake: a dropped
 *   link); answers `{dropped: n}`;
 * - `POST /__test/v3/drop-after?streams=N` → cut the user's v3 connections right after the next
 *   N `stream` frames went out (a disconnect mid-stream at a known point); what the agent sends
 *   afterwards is held and delivered on the next connection;
 * - `POST /__test/v3/refuse-next?code=C` → the demo agent answers the next app message with an
 *   `error` of code C (one of the spec's), one step (at least 250 ms) after taking it, once;
 * - `GET /__test/v3/state` → `{connections, held}`: open v3 connections, frames held.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from '../http/target';
import { json } from '../media/test-hooks';
import type { V3Hub } from './hub';
import { V3_ERROR_CODES, type V3ErrorCode } from '../../src/lib/protocol/hermes-v3';

/** The path prefix these endpoints own. */
export const V3_TEST_PREFIX = '/__test/v3/';

/** Answer a `/__test/v3/…` request; false if the path is not one of ours. */
export function handleV3TestHook(
	req: IncomingMessage,
	res: ServerResponse,
	v3: V3Hub,
	target: RequestTarget
): boolean {
	const { pathname, query } = target;
	if (!pathname.startsWith(V3_TEST_PREFIX)) return false;
	const action = pathname.slice(V3_TEST_PREFIX.length);
	if (action === 'drop' && req.method === 'POST') {
		const dropped = v3.dropAll();
		v3.hub.log(`test hook: ${dropped} v3 connections cut`);
		json(res, 200, { dropped });
	} else if (action === 'drop-after' && req.method === 'POST') {
		const streams = Number(query.get('streams'));
		if (!Number.isInteger(streams) || streams < 1) {
			json(res, 400, { error: 'streams must be a positive integer' });
		} else {
			v3.hooks.dropAfterStreams = streams;
			v3.hub.log(`test hook: v3 connections are cut after ${streams} more stream frames`);
			json(res, 200, { ok: true });
		}
	} else if (action === 'refuse-next' && req.method === 'POST') {
		const code = query.get('code') ?? '';
		if (!(code in V3_ERROR_CODES)) {
			json(res, 400, { error: `code must be one of ${Object.keys(V3_ERROR_CODES).join(', ')}` });
		} else {
			v3.hooks.refuseNext = code as V3ErrorCode;
			v3.hub.log(`test hook: the next v3 message is answered with error ${code}`);
			json(res, 200, { ok: true });
		}
	} else if (action === 'state' && req.method === 'GET') {
		json(res, 200, { connections: v3.connections, held: v3.held });
	} else {
		json(res, 404, { error: `unknown test hook ${pathname}` });
	}
	return true;
}
