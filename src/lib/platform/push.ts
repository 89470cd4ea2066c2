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

// The ntfy server's HTTP API is shared with the service worker (it re-registers a renewed
// subscription): it lives in protocol/ntfy.ts.
export { ntfyBase, ntfyRegister, ntfyUnregister, ntfyWebPushKey } from '../protocol/ntfy';
