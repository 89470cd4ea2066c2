/**
 * The only way the app turns bytes into a URL (doc/security.md "Media from the agent"): a Blob
 * URL whose type is safe inline or `application/octet-stream` (`protocol/media-types.ts`), and a
 * `data:` URL for SVG images, so nothing from the network becomes an active document on the
 * app's origin.
 */
import { SVG_TYPE, objectUrlType } from '../protocol/media-types';

/**
 * `URL.createObjectURL` of `blob` relabelled with a safe type (`objectUrlType(blob.type)`); the
 * bytes are not copied. Revoke it with `URL.revokeObjectURL` as usual.
 */
export function safeObjectUrl(blob: Blob): string {
	const type = objectUrlType(blob.type);
	return URL.createObjectURL(type === blob.type ? blob : blob.slice(0, blob.size, type));
}

/**
 * A `data:image/svg+xml;base64,…` URL of an SVG, for `<img>` only: an image runs no script, and a
 * `data:` document opened on its own has an opaque origin (no access to the app's storage).
 *
 * @throws (rejects) when the blob cannot be read.
 */
export async function svgDataUrl(blob: Blob): Promise<string> {
	const bytes = new Uint8Array(await blob.arrayBuffer());
	let binary = '';
	// In slices: a spread of millions of arguments would overflow the stack.
	for (let i = 0; i < bytes.length; i += 0x8000) {
		binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	}
	return `data:${SVG_TYPE};base64,${btoa(binary)}`;
}
