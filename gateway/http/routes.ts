/**
 * Every plain HTTP request of the gateway goes through `handleRequest`: the request target is
 * parsed once (./target.ts; a target that is not a routable path gets 400, it never throws),
 * then `/healthz`, the test hooks (token required), the v3 endpoints and the app itself are tried
 * in that order. A handler that fails answers 500 (or cuts the connection if the answer started);
 * nothing a client sends reaches the process as an exception.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleHealth } from '../health';
import type { Hub } from '../hub';
import type { Admission } from '../limits/admission';
import { handleMediaTestHook } from '../media/test-hooks';
import { serveStatic } from '../static';
import { handleTestHook, TEST_HOOKS_PREFIX, type TestHookTarget } from '../test-hooks';
import { authorized } from '../v3/auth';
import { handleV3Http, type HttpAccess } from '../v3/http';
import type { V3Hub } from '../v3/hub';
import { handleV3TestHook } from '../v3/test-hooks';
import { APP_HEADERS, appPolicy } from './headers';
import type { OriginPolicy } from './origins';
import { parseTarget, type RequestTarget } from './target';

/** What the router serves from; `hub()` is read per request (a test restart replaces it). */
export interface HttpContext {
	hub(): Hub;
	v3: V3Hub;
	/** Absolute directory of the built app. */
	root: string;
	/** The `/__test/` hooks, when enabled (`IRIS_TEST_HOOKS=1`). */
	hooks?: TestHookTarget;
	/** Failed authentications are counted here, per remote address. */
	admission: Admission;
	/** Which pages may use the token-checked endpoints. */
	origins: OriginPolicy;
}

/** The remote address of a request (the key of per-address limits). */
export function addressOf(req: IncomingMessage): string {
	return req.socket.remoteAddress ?? 'unknown';
}

function plain(res: ServerResponse, status: number, text: string, extra = {}): void {
	if (res.headersSent) return;
	res.writeHead(status, {
		'content-type': 'text/plain; charset=utf-8',
		'cache-control': 'no-store',
		...extra
	});
	res.end(text);
}

/**
 * The token check of the test hooks: they can refuse every connection or read every user
 * message, so a web page that merely reaches the port must not use them. A wrong token counts
 * as a failed authentication of the address.
 */
function hookAllowed(
	req: IncomingMessage,
	res: ServerResponse,
	ctx: HttpContext,
	target: RequestTarget
): boolean {
	const address = addressOf(req);
	if (ctx.origins.foreign(req)) {
		req.resume();
		plain(res, 403, 'this origin may not use the test hooks');
		return false;
	}
	if (!ctx.admission.mayAuthenticate(address)) {
		req.resume();
		plain(res, 429, 'too many failed authentications', { 'retry-after': '60' });
		return false;
	}
	if (authorized(req, ctx.hub().options.token, target)) return true;
	ctx.admission.failed(address);
	ctx.hub().log('test hook refused: wrong or missing token');
	req.resume();
	plain(res, 401, 'test hooks need the token (Authorization: Bearer)');
	return false;
}

function access(req: IncomingMessage, ctx: HttpContext): HttpAccess {
	const address = addressOf(req);
	return {
		allowOrigin: ctx.origins.allowedOrigin(req),
		foreign: ctx.origins.foreign(req),
		blocked: !ctx.admission.mayAuthenticate(address),
		failed: () => ctx.admission.failed(address)
	};
}

async function route(
	req: IncomingMessage,
	res: ServerResponse,
	ctx: HttpContext,
	target: RequestTarget
): Promise<void> {
	const hub = ctx.hub();
	if (handleHealth(req, res, hub, target)) return;
	if (ctx.hooks && target.pathname.startsWith(TEST_HOOKS_PREFIX)) {
		if (!hookAllowed(req, res, ctx, target)) return;
		// `/__test/media/…` and `/__test/v3/…` first: the fault hooks own the rest of `/__test/`.
		if (handleMediaTestHook(req, res, hub, target)) return;
		if (handleV3TestHook(req, res, ctx.v3, target)) return;
		if (await handleTestHook(req, res, ctx.hooks, target, (l) => hub.log(l))) return;
	}
	if (handleV3Http(req, res, ctx.v3, target, access(req, ctx))) return;
	for (const [name, value] of Object.entries(APP_HEADERS)) res.setHeader(name, value);
	res.setHeader('content-security-policy', appPolicy(ctx.root));
	await serveStatic(req, res, ctx.root, target);
}

/** Answer one HTTP request. Never throws, never rejects. */
export function handleRequest(req: IncomingMessage, res: ServerResponse, ctx: HttpContext): void {
	const target = parseTarget(req.url);
	if (!target) {
		req.resume();
		return plain(res, 400, 'bad request target');
	}
	const failed = (e: unknown) => {
		ctx.hub().log(`http error: ${String(e)}`);
		if (res.headersSent) res.destroy();
		else plain(res, 500, 'internal error');
	};
	try {
		route(req, res, ctx, target).catch(failed);
	} catch (e) {
		failed(e);
	}
}
