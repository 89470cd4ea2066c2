/**
 * Media over HTTP for a v3 gateway (spec "媒体传输流程"): `POST <base>/api/media/upload`
 * (multipart, field `file`) → `{media_id, name, type, size}`, and `GET <base>/media/{media_id}`.
 * `<base>` is the pairing URL without `/ws/app`, with `ws`→`http`. The token goes in an
 * `Authorization: Bearer` header, never in the URL (URLs end up in logs, proxies and the
 * browser's history); only the WebSocket itself takes `?token=`, since a browser cannot set
 * headers on it (doc/security.md).
 */
import {
	V3_MEDIA_PREFIX,
	V3_UPLOAD_PATH,
	type V3HttpError,
	type V3UploadResult
} from '../../protocol/hermes-v3';

export type UploadResult = V3UploadResult;

/** An HTTP failure with its status (0: no answer at all), for a human message. */
export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** The v3 error `code` from the body, when the server sent one. */
		readonly code?: string
	) {
		super(message);
		this.name = 'HttpError';
	}
}

/** The header that carries the token on every v3 HTTP request. */
export function bearer(token: string): { authorization: string } {
	return { authorization: `Bearer ${token}` };
}

function failure(status: number, body: string): HttpError {
	let code: string | undefined;
	let text = body.slice(0, 200);
	try {
		const json = JSON.parse(body) as Partial<V3HttpError>;
		if (typeof json.code === 'string') code = json.code;
		if (typeof json.text === 'string') text = json.text;
	} catch {
		// Not JSON: the body itself is the message.
	}
	return new HttpError(status, `HTTP ${status}${text ? `: ${text}` : ''}`, code);
}

/**
 * Upload one file; `onProgress(loaded, total)` in bytes as the request body goes out. Rejects with
 * `HttpError` (status 0 when the network failed) or if the answer has no `media_id`.
 */
export function uploadMedia(
	base: string,
	token: string,
	file: { blob: Blob; filename: string },
	onProgress: (loaded: number, total: number) => void = () => {}
): Promise<UploadResult> {
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open('POST', `${base}${V3_UPLOAD_PATH}`);
		xhr.setRequestHeader('authorization', bearer(token).authorization);
		xhr.upload.onprogress = (ev) => onProgress(ev.loaded, ev.total || file.blob.size);
		xhr.onerror = () => reject(new HttpError(0, 'the gateway could not be reached'));
		xhr.onload = () => {
			if (xhr.status < 200 || xhr.status >= 300) {
				reject(failure(xhr.status, String(xhr.responseText ?? '')));
				return;
			}
			try {
				const result = JSON.parse(String(xhr.responseText)) as UploadResult;
				if (typeof result.media_id !== 'string' || !result.media_id) throw new Error('no media_id');
				resolve(result);
			} catch (e) {
				reject(new HttpError(xhr.status, `unreadable upload answer: ${(e as Error).message}`));
			}
		};
		const form = new FormData();
		form.append('file', file.blob, file.filename);
		xhr.send(form);
	});
}

/**
 * Fetch one piece of media, handing over its bytes chunk by chunk as they arrive. Rejects with
 * `HttpError` for a non-2xx answer or a network failure.
 */
export async function downloadMedia(
	base: string,
	token: string,
	media_id: string,
	onChunk: (chunk: ArrayBuffer) => void,
	fetchImpl: typeof fetch = fetch
): Promise<void> {
	let res: Response;
	try {
		res = await fetchImpl(`${base}${V3_MEDIA_PREFIX}${encodeURIComponent(media_id)}`, {
			headers: bearer(token)
		});
	} catch (e) {
		throw new HttpError(0, `the gateway could not be reached (${(e as Error).message})`);
	}
	if (!res.ok) throw failure(res.status, await res.text().catch(() => ''));
	if (!res.body) {
		onChunk(await res.arrayBuffer());
		return;
	}
	const reader = res.body.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) return;
		onChunk(value.slice().buffer as ArrayBuffer);
	}
}
