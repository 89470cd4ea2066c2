/**
 * How stored media are served over HTTP (`GET /media/{id}`). The response has the app's origin
 * (the gateway serves the app too), so a file of an active type opened there — HTML, SVG, XML,
 * JavaScript … — would run its script with the app's storage. So:
 *
 * - only raster images, audio and video (the app's own allow-list, `INLINE_TYPES`) are served
 *   `inline`; everything else is an `attachment` (the browser saves it, never renders it);
 * - always `X-Content-Type-Options: nosniff` (the type is never guessed from the bytes) and
 *   `Content-Security-Policy: sandbox; default-src 'none'` (opened anyway, the document runs no
 *   script, loads nothing and has an opaque origin).
 */
import { essence, INLINE_TYPES } from '../../src/lib/protocol/media-types';

/** The policy of every media response. */
export const MEDIA_CSP = "sandbox; default-src 'none'";

/** Headers for serving a file of type `mime` (undefined: unknown) saved as `filename`. */
export function mediaHeaders(mime: string | undefined, filename: string): Record<string, string> {
	const inline = INLINE_TYPES.has(essence(mime));
	return {
		'content-type': mime || 'application/octet-stream',
		'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(filename)}`,
		'x-content-type-options': 'nosniff',
		'content-security-policy': MEDIA_CSP
	};
}
