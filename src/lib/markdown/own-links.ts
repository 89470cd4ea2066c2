/**
 * Links to the app's own pairing page (`/pair#url=…&token=…`) inside messages are shown as text,
 * not as links (doc/security.md "Pairing links"): an agent, or anyone it quotes, must not get a
 * one-click way to point the app at another gateway. The pairing page asks before it switches
 * anyway; this removes the bait.
 */

/** The attribute the sanitizer marks such a link with (its `href` already removed). */
export const PAIRING_LINK = 'data-pairing-link';

/**
 * Whether `href` (an absolute URL the policy allows) opens this app's pairing page: the page's
 * own origin and a path ending in `/pair`.
 */
export function isOwnPairingUrl(href: string): boolean {
	if (typeof location === 'undefined') return false;
	try {
		const url = new URL(href, location.href);
		return url.origin === location.origin && /\/pair\/?$/.test(url.pathname);
	} catch {
		return false;
	}
}

/** Replace every marked link under `root` (sanitized HTML, parsed) by its content. */
export function unwrapPairingLinks(root: ParentNode): void {
	for (const a of root.querySelectorAll(`a[${PAIRING_LINK}]`)) a.replaceWith(...a.childNodes);
}
