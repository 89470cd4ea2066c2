/**
 * The request target of an HTTP request or upgrade, parsed once and defensively: whatever a
 * client sends as `req.url`, parsing never throws. A target the gateway cannot route (not a
 * path, or one that starts with `//`, which every URL parser reads as `//host`) is refused with
 * 400 by the caller. Percent-decoding is separate (`decodeSegment`) and refuses malformed
 * escapes (`%E0`) instead of throwing.
 */

/** A routable request target. */
export interface RequestTarget {
	/** The path as sent (percent-escapes kept), starting with exactly one `/`. */
	pathname: string;
	/** The query string, parsed (`URLSearchParams` keeps malformed escapes as they are). */
	query: URLSearchParams;
}

/**
 * Parse `raw` (`req.url`, the origin-form `path[?query]`). Undefined for anything else: an
 * absolute URL, `*`, an empty target, a path starting with `//` (`//`, `//[`, `//a:b`).
 */
export function parseTarget(raw: string | undefined): RequestTarget | undefined {
	if (raw === undefined || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
	// A fragment is never sent by a browser; if a client does, it is not part of the path.
	const withoutFragment = raw.split('#', 1)[0]!;
	const q = withoutFragment.indexOf('?');
	const pathname = q === -1 ? withoutFragment : withoutFragment.slice(0, q);
	const query = new URLSearchParams(q === -1 ? '' : withoutFragment.slice(q + 1));
	return { pathname, query };
}

/** `decodeURIComponent(segment)`, or undefined when it holds a malformed escape. */
export function decodeSegment(segment: string): string | undefined {
	try {
		return decodeURIComponent(segment);
	} catch {
		return undefined;
	}
}
