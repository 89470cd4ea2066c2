/**
 * Push subscriptions on the page (doc/protocol.md "Push"): Web Push with the gateway's
 * VAPID key, or through an ntfy server (which has its own key and keeps the subscription per
 * topic). Every function that asks for permission must run from a user's tap.
 */
import { m } from '../i18n';

/** Whether this browser can receive push messages at all. */
export function pushSupported(): boolean {
	return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** base64url (VAPID key as servers print it) → bytes for `applicationServerKey`. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
	const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
	const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
	const bytes = new Uint8Array(raw.length);
	for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
	return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
	if (!a || a.byteLength !== b.length) return false;
	const x = new Uint8Array(a);
	return x.every((v, i) => v === b[i]);
}

/**
 * Ask for notification permission; throws when the user does not grant it. Call it first thing
 * in a click handler: browsers only ask during a user's gesture.
 */
export async function requestNotificationPermission(): Promise<void> {
	const permission = await Notification.requestPermission();
	if (permission !== 'granted') {
		throw new Error(permission === 'denied' ? m.push_blocked() : m.push_not_allowed());
	}
}

/**
 * Subscribe this browser to push with `vapidKey` (base64url). An existing subscription with the
 * same key is reused; one with another key (other gateway, ntfy server) is replaced.
 */
export async function subscribePush(vapidKey: string): Promise<PushSubscription> {
	const key = base64UrlToBytes(vapidKey);
	const registration = await navigator.serviceWorker.ready;
	const existing = await registration.pushManager.getSubscription();
	if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
	await existing?.unsubscribe();
	return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Drop this browser's push subscription, if any; resolves with the one dropped. */
export async function unsubscribePush(): Promise<PushSubscription | null> {
	const registration = await navigator.serviceWorker.ready;
	const existing = await registration.pushManager.getSubscription();
	await existing?.unsubscribe();
	return existing;
}

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
