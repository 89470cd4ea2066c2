/**
 * The ntfy server's Web Push API (doc/protocol.md "Push"): its VAPID key, and registering a
 * browser's push subscription for a topic (`/v1/webpush`). Used by the page (Settings) and the
 * service worker (a renewed subscription); plain `fetch`, no page APIs.
 */

/** The ntfy server's base URL without a trailing slash; throws on a URL that is not http(s). */
export function ntfyBase(server: string): string {
	const url = new URL(server.trim());
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new Error('The ntfy server URL must start with https:// or http://');
	}
	return url.href.replace(/\/+$/, '');
}

/**
 * The ntfy server's Web Push (VAPID) public key: `GET /v1/config` (JSON), else the web app's
 * `/config.js`, both carrying `web_push_public_key`. Throws when the server has Web Push off.
 */
export async function ntfyWebPushKey(server: string): Promise<string> {
	const base = ntfyBase(server);
	try {
		const response = await fetch(`${base}/v1/config`);
		if (response.ok) {
			const key = ((await response.json()) as { web_push_public_key?: unknown })
				.web_push_public_key;
			if (typeof key === 'string' && key) return key;
		}
	} catch {
		// Older servers: only config.js.
	}
	const response = await fetch(`${base}/config.js`);
	const m = response.ok
		? /web_push_public_key:\s*["']([A-Za-z0-9_-]+)["']/.exec(await response.text())
		: null;
	if (!m?.[1]) throw new Error(`${base} does not offer Web Push (no web_push_public_key)`);
	return m[1];
}

/** The `{endpoint, auth, p256dh}` ntfy's `/v1/webpush` expects. */
function ntfyKeys(subscription: PushSubscription): {
	endpoint: string;
	auth: string;
	p256dh: string;
} {
	const json = subscription.toJSON();
	return {
		endpoint: subscription.endpoint,
		auth: json.keys?.auth ?? '',
		p256dh: json.keys?.p256dh ?? ''
	};
}

async function ntfyRequest(
	server: string,
	method: 'POST' | 'DELETE',
	body: unknown
): Promise<void> {
	const response = await fetch(`${ntfyBase(server)}/v1/webpush`, {
		method,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body)
	});
	if (!response.ok) throw new Error(`ntfy answered ${response.status} to ${method} /v1/webpush`);
}

/** Register `subscription` for `topic` with the ntfy server (replaces its earlier topics). */
export async function ntfyRegister(
	server: string,
	topic: string,
	subscription: PushSubscription
): Promise<void> {
	await ntfyRequest(server, 'POST', { ...ntfyKeys(subscription), topics: [topic] });
}

/** Remove `subscription` from the ntfy server. */
export async function ntfyUnregister(
	server: string,
	subscription: PushSubscription
): Promise<void> {
	await ntfyRequest(server, 'DELETE', { endpoint: subscription.endpoint });
}
