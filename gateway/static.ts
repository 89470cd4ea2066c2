/**
 * Serves the built SPA (`build/` from adapter-static) over plain HTTP.
 *
 * - Hashed assets under `/_app/immutable/` never change, so they are cached for a year; everything
 *   else (index.html, service-worker.js, version.json, the manifest) must be revalidated so a new
 *   deploy is picked up.
 * - Any path that is not a file is a client-side route (`/pair`, `/chat/abc`) and gets index.html,
 *   except under `/_app/`: a missing chunk (stale tab after a deploy) must fail as a 404 rather
 *   than be parsed as JavaScript that is really HTML.
 * - Paths are resolved inside the static root; `..` (raw or percent-encoded) cannot leave it.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { decodeSegment, type RequestTarget } from './http/target';

/** Content-Type per file extension; anything else is served as `application/octet-stream`. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.webmanifest': 'application/manifest+json',
	'.wasm': 'application/wasm',
	'.txt': 'text/plain; charset=utf-8',
	'.ico': 'image/x-icon',
	'.woff2': 'font/woff2'
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** The Content-Type for a file name, by extension. */
export function contentTypeFor(file: string): string {
	return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(file: string): Promise<boolean> {
	try {
		return (await stat(file)).isFile();
	} catch {
		return false;
	}
}

function plain(res: ServerResponse, status: number, body: string): void {
	res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE });
	res.end(body);
}

/**
 * Answer one HTTP request from `root` (an absolute directory). GET and HEAD only (and a share
 * posted to `/share`, sent back to the share page). Never rejects: I/O failures become a 500.
 */
export async function serveStatic(
	req: IncomingMessage,
	res: ServerResponse,
	root: string,
	target: RequestTarget
): Promise<void> {
	if (req.method === 'POST' && target.pathname === '/share') {
		// A share from another app reached the network: the app's service worker, which keeps
		// shares, was not there to answer it. The share page says it did not arrive.
		req.resume();
		res.writeHead(303, { Location: '/share?unsaved=1', 'Cache-Control': NO_CACHE });
		res.end();
		return;
	}
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		res.setHeader('Allow', 'GET, HEAD');
		plain(res, 405, 'method not allowed');
		return;
	}
	const pathname = decodeSegment(target.pathname);
	if (pathname === undefined) {
		plain(res, 400, 'bad request');
		return;
	}
	const file = path.resolve(root, `.${path.posix.sep}${pathname}`);
	if (pathname.includes('\0') || (file !== root && !file.startsWith(root + path.sep))) {
		plain(res, 404, 'not found');
		return;
	}
	let served = file;
	if (!(await isFile(file))) {
		if (pathname.startsWith('/_app/')) {
			plain(res, 404, 'not found');
			return;
		}
		served = path.join(root, 'index.html');
	}
	try {
		const body = await readFile(served);
		res.writeHead(200, {
			'Content-Type': contentTypeFor(served),
			'Content-Length': body.length,
			'Cache-Control':
				pathname.startsWith('/_app/immutable/') && served === file ? IMMUTABLE : NO_CACHE,
			'X-Content-Type-Options': 'nosniff'
		});
		res.end(req.method === 'HEAD' ? undefined : body);
	} catch (e) {
		const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
		plain(res, missing ? 404 : 500, missing ? 'not found (no index.html)' : 'internal error');
	}
}
