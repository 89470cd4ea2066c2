/**
 * A push subscription the browser renewed or dropped (`pushsubscriptionchange`: the push service
 * expired it, or keys rotated) is replaced at once, so notifications keep arriving even if the
 * app is not opened for days: subscribe again with the same key, then register the new
 * subscription where the old one was — with the gateway (`hello.fcm_token`, over a brief
 * connection; the stored registration goes out in every later `hello` too) or with the ntfy
 * server (`/v1/webpush` for the same topic). Nothing happens when push is off.
 */
import type { IrisDB } from '../lib/db/schema';
import { getMeta, setMeta } from '../lib/db/meta';
import { dialectOf } from '../lib/protocol/dialect';
import { pushFields, type PushRegistration } from '../lib/protocol/push';
import { ntfyRegister, ntfyUnregister, ntfyWebPushKey } from '../lib/protocol/ntfy';
import { connectBriefly } from './brief-connection';

/** The `pushsubscriptionchange` event (not in every DOM typing). */
export interface SubscriptionChange extends ExtendableEvent {
	readonly oldSubscription?: PushSubscription | null;
	readonly newSubscription?: PushSubscription | null;
}

/** The key to subscribe with again: the old subscription's, else the one the registration names. */
async function serverKey(
	db: IrisDB,
	registration: PushRegistration,
	old: PushSubscription | null | undefined
): Promise<BufferSource | string> {
	const previous = old?.options.applicationServerKey;
	if (previous) return previous;
	if (registration.via === 'ntfy') return ntfyWebPushKey(registration.ntfy_server);
	const caps = await getMeta(db, 'server_caps');
	if (caps?.push !== 'fcm' || !caps.vapid_public_key)
		throw new Error('the gateway no longer offers Web Push');
	// A base64url string is a valid `applicationServerKey`.
	return caps.vapid_public_key;
}

/**
 * Subscribe again and register the new subscription (see the module comment). Resolves once it
 * is registered; rejects when it cannot be (logged by the caller: the app re-registers when the
 * user turns notifications on again).
 */
export async function onSubscriptionChange(
	sw: ServiceWorkerGlobalScope,
	event: SubscriptionChange,
	db: IrisDB
): Promise<void> {
	const registration = await getMeta(db, 'push');
	if (!registration) return;
	const subscription =
		event.newSubscription ??
		(await sw.registration.pushManager.subscribe({
			userVisibleOnly: true,
			applicationServerKey: await serverKey(db, registration, event.oldSubscription)
		}));
	if (registration.via === 'ntfy') {
		await ntfyRegister(registration.ntfy_server, registration.ntfy_topic, subscription);
		if (event.oldSubscription)
			await ntfyUnregister(registration.ntfy_server, event.oldSubscription).catch(() => {});
		return;
	}
	const renewed: PushRegistration = { via: 'fcm', fcm_token: JSON.stringify(subscription) };
	await setMeta(db, 'push', renewed);
	const [pairing, device_id] = await Promise.all([
		getMeta(db, 'gateway'),
		getMeta(db, 'device_id')
	]);
	if (!pairing || !device_id || dialectOf(pairing) !== 'iris') return;
	await connectBriefly(
		{ url: pairing.url, token: pairing.token, device_id },
		{ hello: pushFields(renewed) }
	);
}
