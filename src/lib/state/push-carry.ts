/**
 * Notifications follow a switch of gateways (doc/storage.md "One store per gateway"): the old
 * gateway was told to forget this device (`leave`), the new one is registered the way the user
 * chose. An ntfy topic is registered as it is (the ntfy subscription does not depend on the
 * gateway); Web Push through the gateway needs the new gateway's VAPID key, so it waits for its
 * `hello.ack` (`meta.server_caps` in its store), then subscribes with that key, without asking
 * again (only if notifications are still allowed) and registers the new subscription.
 */
import { getMeta } from '../db/meta';
import type { PushRegistration } from '../protocol/push';
import { subscribePush } from '../platform/push';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';

/**
 * Register `previous` (what this device had with the old gateway) with the gateway whose store
 * `store` reads now, through `register` (the `registerPush` command). Gives up when the store is
 * switched again first, or the new gateway has no Web Push. Never rejects: `report` hears why
 * it could not.
 */
export function carryPush(
	store: Store,
	previous: PushRegistration,
	register: (reg: PushRegistration) => Promise<void>,
	report: (line: string) => void
): void {
	const fail = (e: unknown) => report(`could not register push with the new gateway: ${e}`);
	if (previous.via === 'ntfy') {
		register(previous).catch(fail);
		return;
	}
	if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
	const caps = new LiveQuery(
		store,
		(db) => getMeta(db, 'server_caps'),
		undefined,
		(value) => {
			if (!value) return;
			stop();
			if (value.push !== 'fcm' || !value.vapid_public_key) return;
			subscribePush(value.vapid_public_key)
				.then((sub) => register({ via: 'fcm', fcm_token: JSON.stringify(sub) }))
				.catch(fail);
		},
		fail
	);
	const unwatch = store.onSwitch(() => stop());
	function stop() {
		caps.dispose();
		unwatch();
	}
}
