/**
 * Test-only HTTP endpoints for media (served only with `IRIS_TEST_HOOKS=1`), under
 * `/__test/media/`:
 * - `GET /__test/media/list` → JSON `[{media_id, kind, mime, filename, size, sha256}]`: what the
 *   gateway holds (one entry per stored copy);
 * - `POST /__test/media/drop-after?bytes=N` → cut the connection of the next upload once it has
 *   received more than N bytes (fault injection: "a transfer cut mid-upload").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from '../hub';

/** The path prefix these endpoints own. */
export const MEDIA_TEST_PREFIX = '/__test/media/';

/** Answer with `body` as uncached JSON (shared by the test hooks). */
export function json(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
	res.end(JSON.stringify(body));
}

/** Answer a `/__test/media/…` request; false if the path is not one of ours. */
export function handleMediaTestHook(req: IncomingMessage, res: ServerResponse, hub: Hub): boolean {
	const url = new URL(req.url ?? '/', 'http://gateway.invalid');
	if (!url.pathname.startsWith(MEDIA_TEST_PREFIX)) return false;
	const action = url.pathname.slice(MEDIA_TEST_PREFIX.length);
	if (action === 'list' && req.method === 'GET') {
		json(res, 200, hub.media.list());
	} else if (action === 'drop-after' && req.method === 'POST') {
		const bytes = Number(url.searchParams.get('bytes'));
		if (!Number.isInteger(bytes) || bytes < 0) {
			json(res, 400, { error: 'bytes must be a non-negative integer' });
		} else {
			hub.media.hooks.dropAfterBytes = bytes;
			hub.log(`test hook: the next upload is cut after ${bytes} bytes`);
			json(res, 200, { ok: true });
		}
	} else {
		json(res, 404, { error: `unknown test hook ${url.pathname}` });
	}
	return true;
}
