/**
 * Test-only HTTP endpoints for media (served only with `IRIS_TEST_HOOKS=1`), under
 * `/__test/media/`:
 * - `GET /__test/media/list` → JSON `[{media_id, kind, mime, filename, size, sha256}]`: what the
 *   gateway holds (one entry per stored copy);
 * - `POST /__test/media/drop-after?bytes=N` → cut the connection of the next upload once it has
 *   received more than N bytes (fault injection: "a transfer cut mid-upload").
 * - `POST /__test/media/fail-next-pull` → the next `media.pull` ends `{ok:false}` ("the gateway
 *   could not send it").
 * - `POST /__test/media/offer?kind=K&mime=M&filename=F` (body: the bytes) → store them and offer
 *   them to every device as the agent would (`media.offer`, default channel); answers the ref.
 *   For files the demo agent never sends (e.g. an HTML page or an SVG with a script).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { frame, type MediaKind } from '../../src/lib/protocol/iris';
import type { RequestTarget } from '../http/target';
import type { Hub } from '../hub';
import { MediaStore } from './store';

/** Largest body `offer` takes, bytes. */
const MAX_OFFER_BYTES = 1024 * 1024;

/** The path prefix these endpoints own. */
export const MEDIA_TEST_PREFIX = '/__test/media/';

/** Answer with `body` as uncached JSON (shared by the test hooks). */
export function json(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
	res.end(JSON.stringify(body));
}

/** Answer a `/__test/media/…` request; false if the path is not one of ours. */
export function handleMediaTestHook(
	req: IncomingMessage,
	res: ServerResponse,
	hub: Hub,
	target: RequestTarget
): boolean {
	const { pathname, query } = target;
	if (!pathname.startsWith(MEDIA_TEST_PREFIX)) return false;
	const action = pathname.slice(MEDIA_TEST_PREFIX.length);
	if (action === 'list' && req.method === 'GET') {
		json(res, 200, hub.media.list());
	} else if (action === 'drop-after' && req.method === 'POST') {
		const bytes = Number(query.get('bytes'));
		if (!Number.isInteger(bytes) || bytes < 0) {
			json(res, 400, { error: 'bytes must be a non-negative integer' });
		} else {
			hub.media.hooks.dropAfterBytes = bytes;
			hub.log(`test hook: the next upload is cut after ${bytes} bytes`);
			json(res, 200, { ok: true });
		}
	} else if (action === 'fail-next-pull' && req.method === 'POST') {
		hub.media.hooks.failNextPull = true;
		hub.log('test hook: the next media pull fails');
		json(res, 200, { ok: true });
	} else if (action === 'offer' && req.method === 'POST') {
		offer(req, res, hub, query);
	} else {
		json(res, 404, { error: `unknown test hook ${pathname}` });
	}
	return true;
}

function offer(req: IncomingMessage, res: ServerResponse, hub: Hub, params: URLSearchParams): void {
	const chunks: Buffer[] = [];
	let size = 0;
	req.on('data', (c: Buffer) => {
		size += c.length;
		if (size <= MAX_OFFER_BYTES) chunks.push(c);
	});
	req.on('error', () => json(res, 400, { error: 'broken body' }));
	req.on('end', () => {
		if (size > MAX_OFFER_BYTES) return json(res, 413, { error: 'body too large' });
		void offerBytes(res, hub, params, Buffer.concat(chunks));
	});
}

async function offerBytes(
	res: ServerResponse,
	hub: Hub,
	params: URLSearchParams,
	bytes: Buffer
): Promise<void> {
	try {
		const item = {
			media_id: `test_${hub.messages.nextMessageId()}`,
			kind: (params.get('kind') ?? 'document') as MediaKind,
			mime: params.get('mime') ?? 'application/octet-stream',
			filename: params.get('filename') ?? 'file',
			size: bytes.length,
			sha256: createHash('sha256').update(bytes).digest('hex')
		};
		await hub.media.put(item, bytes);
		const ref = MediaStore.ref(item);
		hub.broadcast(frame('media.offer', ref), { record: true });
		hub.log(`test hook: offered ${item.media_id} (${item.mime})`);
		json(res, 200, ref);
	} catch (e) {
		json(res, 500, { error: String(e) });
	}
}
