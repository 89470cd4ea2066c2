/**
 * The v3 HTTP endpoints (spec "媒体传输流程"), all authenticated like the socket (`?token=` or
 * `Authorization: Bearer`), all answering CORS so an app served elsewhere can call them. The
 * media endpoints also take a v3 agent's key (`?api_key=` or `Authorization: Bearer`), since the
 * spec's bridge uploads and downloads there too:
 *
 * - `POST /api/media/upload` (multipart/form-data, the first file part, any field name) →
 *   200 `{media_id, name, type, size}`. Refusals carry `{code, text}` (`V3HttpError`):
 *   413 `file_too_large` (over `IRIS_MEDIA_MAX_BYTES`), 415 `unsupported` (executables,
 *   scripts), 400 `upload_failed` (not multipart, no file, a broken body), 401 `upload_failed`
 *   (bad token).
 * - `GET|HEAD /media/{media_id}` → the bytes with their type, as an attachment unless a raster
 *   image, audio or video (../http/media-headers.ts); 404 for an unknown id.
 * - `GET /ws/app` without an upgrade → 401 for a bad token, else 426: a way to tell "token
 *   rejected" from "gateway down", since a refused upgrade looks like a network error in browsers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import {
	V3_MEDIA_PREFIX,
	V3_UPLOAD_PATH,
	V3_WS_PATH,
	type V3ErrorCode,
	type V3HttpError,
	type V3UploadResult
} from '../../src/lib/protocol/hermes-v3';
import { decodeSegment, type RequestTarget } from '../http/target';
import { mimeProblem } from '../media/policy';
import { mediaHeaders } from '../http/media-headers';
import { agentAuthorized } from './agent-link';
import { authorized } from './auth';
import type { V3Hub } from './hub';
import { storeV3Media } from './media';

/** Who asks (./routes.ts fills it in per request from the origin policy and the limits). */
export interface HttpAccess {
	/** `Access-Control-Allow-Origin` for the request's page, when it is an allowed one. */
	allowOrigin: string | undefined;
	/** A page on a foreign origin: refused before the token is looked at. */
	foreign: boolean;
	/** The address is out of failed-authentication budget: its token is not looked at. */
	blocked: boolean;
	/** Count a failed token check. */
	failed(): void;
}

/**
 * CORS for an allowed page only (the app's own origin, `IRIS_ALLOWED_ORIGINS`): with `*`, any
 * page could read whether a token it guessed was right.
 */
function corsFor(access: HttpAccess): Record<string, string> {
	return {
		...(access.allowOrigin ? { 'access-control-allow-origin': access.allowOrigin } : {}),
		vary: 'Origin',
		'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
		'access-control-allow-headers': 'authorization, content-type',
		'access-control-max-age': '600'
	};
}

function json(
	res: ServerResponse,
	status: number,
	body: V3UploadResult | V3HttpError,
	CORS: Record<string, string> = {}
): void {
	if (res.headersSent) return;
	res.writeHead(status, {
		...CORS,
		'content-type': 'application/json; charset=utf-8',
		'cache-control': 'no-store'
	});
	res.end(JSON.stringify(body));
}

function refuse(
	res: ServerResponse,
	status: number,
	code: V3ErrorCode,
	text: string,
	cors: Record<string, string> = {}
): void {
	json(res, status, { code, text }, cors);
}

/** Answer a v3 HTTP request; false if the path is not a v3 one. */
export function handleV3Http(
	req: IncomingMessage,
	res: ServerResponse,
	v3: V3Hub,
	target: RequestTarget,
	access: HttpAccess
): boolean {
	const { pathname } = target;
	const upload = pathname === V3_UPLOAD_PATH;
	const media = pathname.startsWith(V3_MEDIA_PREFIX);
	if (!upload && !media && pathname !== V3_WS_PATH) return false;
	const CORS = corsFor(access);
	if (access.foreign) {
		req.resume();
		refuse(res, 403, 'upload_failed', 'this origin may not use the gateway', CORS);
	} else if (req.method === 'OPTIONS') {
		res.writeHead(204, CORS);
		res.end();
	} else if (access.blocked) {
		req.resume();
		res.setHeader('retry-after', '60');
		refuse(res, 429, 'upload_failed', 'too many failed authentications', CORS);
	} else if (
		!authorized(req, v3.hub.options.token, target) &&
		(pathname === V3_WS_PATH || !agentAuthorized(req, v3.relay.key, target))
	) {
		access.failed();
		req.resume();
		refuse(res, 401, 'upload_failed', 'token rejected', CORS);
	} else if (pathname === V3_WS_PATH) {
		res.writeHead(426, { ...CORS, upgrade: 'websocket', 'content-type': 'text/plain' });
		res.end('token accepted; connect with a WebSocket');
	} else if (upload && req.method === 'POST') {
		receiveUpload(req, res, v3, CORS);
	} else if (media && (req.method === 'GET' || req.method === 'HEAD')) {
		const id = decodeSegment(pathname.slice(V3_MEDIA_PREFIX.length));
		if (id === undefined)
			return (refuse(res, 400, 'upload_failed', 'malformed media id', CORS), true);
		serveMedia(req, res, v3, id, CORS).catch((e: unknown) => {
			v3.hub.log(`v3 media: ${String(e)}`);
			res.destroy();
		});
	} else {
		res.writeHead(405, { ...CORS, allow: upload ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS' });
		res.end();
	}
	return true;
}

async function serveMedia(
	req: IncomingMessage,
	res: ServerResponse,
	v3: V3Hub,
	id: string,
	CORS: Record<string, string>
): Promise<void> {
	const item = v3.hub.media.get(id);
	const bytes = item ? await v3.hub.media.read(id).catch(() => 'missing' as const) : 'missing';
	if (!item || typeof bytes === 'string') {
		if (item) v3.hub.log(`media ${id} not served: the stored bytes are ${String(bytes)}`);
		return refuse(res, 404, 'upload_failed', `no media "${id}"`, CORS);
	}
	res.writeHead(200, {
		...CORS,
		...mediaHeaders(item.mime, item.filename ?? id),
		'content-length': item.size,
		// A media id names one immutable upload.
		'cache-control': 'private, max-age=31536000, immutable'
	});
	res.end(req.method === 'HEAD' ? undefined : bytes);
}

function receiveUpload(
	req: IncomingMessage,
	res: ServerResponse,
	v3: V3Hub,
	CORS: Record<string, string>
): void {
	const limit = v3.hub.media.limitBytes;
	let parser: busboy.Busboy;
	try {
		// busboy stops reading a file at `fileSize`: one byte more than the limit is enough to know
		// it is too large (counted below), while a file of exactly `limit` bytes passes.
		parser = busboy({ headers: req.headers, limits: { fileSize: limit + 1, files: 1 } });
	} catch (e) {
		req.resume();
		return refuse(res, 400, 'upload_failed', `expected multipart/form-data (${String(e)})`, CORS);
	}
	let file: { name: string; mime: string; chunks: Buffer[] } | undefined;
	let tooLarge = false;
	parser.on('file', (_field, stream, info) => {
		const current = { name: info.filename || 'file', mime: info.mimeType, chunks: [] as Buffer[] };
		file = current;
		let size = 0;
		stream.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) tooLarge = true;
			else current.chunks.push(chunk);
		});
	});
	parser.on('error', (e: unknown) => {
		v3.hub.log(`v3 upload failed: ${String(e)}`);
		req.unpipe(parser);
		req.resume();
		refuse(res, 400, 'upload_failed', `the upload could not be read: ${String(e)}`, CORS);
	});
	parser.on('close', () => {
		if (tooLarge) {
			const text = `the file is over the gateway's limit of ${limit} bytes`;
			v3.hub.log(`v3 upload refused: ${text}`);
			return refuse(res, 413, 'file_too_large', text, CORS);
		}
		if (!file) return refuse(res, 400, 'upload_failed', 'no file part in the upload', CORS);
		const problem = mimeProblem('document', file.mime);
		if (problem) return refuse(res, 415, 'unsupported', problem, CORS);
		const bytes = Buffer.concat(file.chunks);
		const { name, mime } = file;
		storeV3Media(v3.hub.media, { name, mime, bytes }).then(
			(item) => {
				v3.hub.log(`v3 upload stored: ${item.media_id} (${mime}, ${bytes.length} bytes)`);
				json(res, 200, { media_id: item.media_id, name, type: mime, size: bytes.length }, CORS);
			},
			(e: unknown) => {
				v3.hub.log(`storage: v3 upload could not be stored: ${String(e)}`);
				refuse(res, 500, 'upload_failed', 'the gateway could not store the upload', CORS);
			}
		);
	});
	req.pipe(parser);
}
