/**
 * Notification settings on the page (doc/architecture.md "Service worker and PWA"): what this
 * device registered (stored in `meta.push` by the worker), what the gateway offers
 * (`meta.server_caps`), and the actions the settings panel takes. Permission and subscription
 * happen only from the user's tap.
 */
import { m } from '../i18n';
import type { PushRegistration } from '../protocol/push';
import type { ServerCaps } from '../protocol/iris/frames';
import { getMeta } from '../db/meta';
import {
	ntfyRegister,
	ntfyUnregister,
	ntfyWebPushKey,
	pushSupported,
	requestNotificationPermission,
	subscribePush,
	unsubscribePush
} from '../platform/push';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';

export class PushState {
	/** What this device registered; undefined when notifications are off. */
	readonly registration: LiveQuery<PushRegistration | undefined>;
	readonly #caps: LiveQuery<ServerCaps | undefined>;
	readonly #register: (reg: PushRegistration | null) => Promise<void>;
	/** An action is running (buttons disabled). */
	busy = $state(false);
	/** The last action's failure, shown to the user. */
	error = $state<string | null>(null);
	readonly supported = typeof window !== 'undefined' && pushSupported();

	/**
	 * `store` is the store the page reads (it may be switched, doc/storage.md); `register` tells
	 * the worker (and so the gateway) what this device registered.
	 */
	constructor(store: Store, register: (reg: PushRegistration | null) => Promise<void>) {
		this.registration = new LiveQuery(store, (db) => getMeta(db, 'push'), undefined);
		this.#caps = new LiveQuery(store, (db) => getMeta(db, 'server_caps'), undefined);
		this.#register = register;
	}

	/** The gateway's VAPID key when it pushes itself (`server_caps.push == "fcm"`). */
	get gatewayKey(): string | undefined {
		const caps = this.#caps.current;
		return caps?.push === 'fcm' ? caps.vapid_public_key : undefined;
	}

	/** Whether the gateway's capabilities have been read (so "no Web Push" is an answer). */
	get capsKnown(): boolean {
		return this.#caps.loaded;
	}

	/** Web Push through the gateway: subscribe with its key, send the subscription as `fcm_token`. */
	async enableGateway(): Promise<void> {
		await this.#run(async () => {
			await requestNotificationPermission();
			const key = this.gatewayKey;
			if (!key) throw new Error(m.push_no_web_push());
			const subscription = await subscribePush(key);
			await this.#leaveNtfy(subscription);
			await this.#register({ via: 'fcm', fcm_token: JSON.stringify(subscription) });
		});
	}

	/** ntfy: subscribe with the server's key, register the topic there, tell the gateway. */
	async enableNtfy(server: string, topic: string): Promise<void> {
		await this.#run(async () => {
			await requestNotificationPermission();
			const name = topic.trim();
			if (!/^[-_A-Za-z0-9]{1,64}$/.test(name)) {
				throw new Error(m.push_topic_invalid());
			}
			const subscription = await subscribePush(await ntfyWebPushKey(server));
			await ntfyRegister(server, name, subscription);
			await this.#register({ via: 'ntfy', ntfy_topic: name, ntfy_server: server.trim() });
		});
	}

	/** Turn notifications off: unsubscribe, leave ntfy, tell the gateway. */
	async disable(): Promise<void> {
		await this.#run(async () => {
			const dropped = await unsubscribePush();
			if (dropped) await this.#leaveNtfy(dropped);
			await this.#register(null);
		});
	}

	dispose(): void {
		this.registration.dispose();
		this.#caps.dispose();
	}

	/** Switching away from ntfy: the old subscription must not stay registered there. */
	async #leaveNtfy(subscription: PushSubscription): Promise<void> {
		const current = this.registration.current;
		if (current?.via !== 'ntfy') return;
		await ntfyUnregister(current.ntfy_server, subscription).catch((e: unknown) =>
			console.warn('[push] could not unregister from ntfy', e)
		);
	}

	async #run(action: () => Promise<void>): Promise<void> {
		this.busy = true;
		this.error = null;
		try {
			await action();
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
			console.warn('[push]', this.error);
		} finally {
			this.busy = false;
		}
	}
}
