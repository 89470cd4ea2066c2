/**
 * The HTTP side of v3 (spec "媒体传输流程", media transfer flow) shared by the app and the
 * reference gateway: endpoint paths, the upload answer, the error body, and which message type a
 * file goes out as. Pure: no fetch, no DOM.
 */
import type { V3ErrorCode, V3MediaType } from './frames';
import { kindOfMime } from '../iris/media';

/** WebSocket path of the app side (spec "连接"): `<base>/ws/app?token=<token>`. */
export const V3_WS_PATH = '/ws/app';

/** `POST` multipart upload (spec "媒体传输流程" step 1); any one file part is taken. */
export const V3_UPLOAD_PATH = '/api/media/upload';

/** Prefix of `GET /media/{media_id}` (spec "媒体传输流程"). */
export const V3_MEDIA_PREFIX = '/media/';

/** What `POST /api/media/upload` answers (spec: `{ media_id, name, type, size }`); `size` bytes. */
export interface V3UploadResult {
	media_id: string;
	name: string;
	/** MIME type. */
	type: string;
	size: number;
}

/**
 * The JSON body of a refused HTTP request (the spec defines none; we reuse the `error` frame's
 * `data`): `file_too_large` (413), `unsupported` (415), `upload_failed` (400, 401, 404).
 */
export interface V3HttpError {
	code: V3ErrorCode;
	text: string;
}

/**
 * The message type a file is sent as: `image/*` → `image`, `video/*` → `video`, `audio/*` →
 * `voice` (v3 has no plain audio type), anything else → `file`.
 */
export function v3MediaTypeOfMime(mime: string): V3MediaType {
	const kind = kindOfMime(mime);
	return kind === 'audio' ? 'voice' : kind === 'document' ? 'file' : kind;
}

/**
 * The WebSocket URL for `base` (`ws://host:port` or `wss://…`, a trailing `/ws/app` or `/` is
 * fine) and `token`: `<base>/ws/app?token=<token>`.
 */
export function v3SocketUrl(base: string, token: string): string {
	const root = base.replace(/\/+$/, '').replace(/\/ws\/app$/, '');
	return `${root}${V3_WS_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The HTTP base of a v3 WebSocket URL: `wss://h/x/ws/app?token=…` → `https://h/x` (the scheme
 * swapped, the `/ws/app` path and the query dropped, a path prefix kept).
 */
export function v3HttpBase(socketUrl: string): string {
	const url = new URL(socketUrl);
	const scheme = url.protocol === 'wss:' || url.protocol === 'https:' ? 'https:' : 'http:';
	const prefix = url.pathname.replace(/\/+$/, '').replace(/\/ws\/app$/, '');
	return `${scheme}//${url.host}${prefix}`;
}
