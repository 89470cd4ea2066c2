/**
 * The Web Share Target's receiving end: the installed app's manifest sends what another app
 * shares as a `POST /share` (`multipart/form-data`). The worker keeps it (lib/db/share-inbox.ts)
 * and answers with a redirect to the share page (`303`, so the page is fetched with GET and a
 * reload does not post again), where the user picks the channel it goes to.
 */
import { keepShare } from '../lib/db/share-inbox';

/** The manifest's `share_target.action`. */
export const SHARE_ACTION = '/share';

/** Whether `request` is a share posted to this app. */
export function isShare(sw: ServiceWorkerGlobalScope, request: Request): boolean {
	if (request.method !== 'POST') return false;
	const url = new URL(request.url);
	return url.origin === sw.location.origin && url.pathname === SHARE_ACTION;
}

/**
 * Keep the posted share and send the window to the share page. A share that cannot be read or
 * stored (storage full) still lands on the share page, which then says it did not arrive.
 */
export async function receiveShare(
	sw: ServiceWorkerGlobalScope,
	request: Request
): Promise<Response> {
	const page = new URL(SHARE_ACTION, sw.location.origin);
	try {
		await keepShare(sw.caches, sw.location.origin, await request.formData());
	} catch (e) {
		console.error('[sw] could not keep the share', e);
		page.searchParams.set('unsaved', '1');
	}
	return Response.redirect(page.href, 303);
}
