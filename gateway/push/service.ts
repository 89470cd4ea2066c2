/**
 * Push from the reference gateway: devices register a Web Push subscription
 * (`fcm_token`) and/or an ntfy topic (`hello` or `fcm.register`); when a frame needs the user (a
 * turn ended, an approval or question, a notification, a read receipt to clear notices) every
 * registered device that is not connected gets an encrypted, VAPID-signed push via the
 * `web-push` library, and/or an ntfy message published to its topic.
 */
import webpush, { type PushSubscription, type Urgency } from 'web-push';
import type { ServerFrame } from '../../src/lib/protocol/iris';
import { pushForFrame, type GatewayPush } from '../../src/lib/protocol/push';
import { ntfyMessage, publishNtfy } from './ntfy';
import type { PushOptions } from './options';
import { resolvesToPrivate } from './endpoint';
import { PushRegistry, parseSubscription, type DevicePush } from './registry';
import type { PushTable } from '../storage/types';

/** How long a push service keeps an undelivered message, in seconds. */
const TTL_S = 24 * 60 * 60;

/**
 * Whether the push service behind `endpoint` requires every push to show a notification (Apple's,
 * for Safari on iOS and macOS: silent pushes get the subscription revoked).
 */
export function showsEveryPush(endpoint: string): boolean {
	try {
		const host = new URL(endpoint).hostname;
		return host === 'push.apple.com' || host.endsWith('.push.apple.com');
	} catch {
		return false;
	}
}

/** What a registration frame carries (`hello` or `fcm.register` payload). */
export interface PushFields {
	fcm_token?: string;
	ntfy_topic?: string;
}

export class PushService {
	readonly registry: PushRegistry;
	readonly #options: PushOptions;
	readonly #log: (line: string) => void;
	readonly #defaultChatId: string;
	/** Where the app is served, for ntfy `click` URLs (set once the gateway listens). */
	appUrl = '';

	/** `table`: where registrations are kept (the store: they survive a restart). */
	constructor(
		options: PushOptions,
		table: PushTable,
		log: (line: string) => void,
		defaultChatId: string
	) {
		this.registry = new PushRegistry(table);
		this.#options = options;
		this.#log = log;
		this.#defaultChatId = defaultChatId;
	}

	/** What `hello.ack.server_caps` says about push: Web Push when on, else ntfy. */
	get caps(): { push: 'fcm'; vapid_public_key: string } | { push: 'ntfy' } {
		const { vapid } = this.#options;
		return vapid ? { push: 'fcm', vapid_public_key: vapid.publicKey } : { push: 'ntfy' };
	}

	/**
	 * Record what `device_id` registered. An `fcm.register` without fields unregisters (our
	 * reading: the spec has no separate frame for it). Returns an error message for a token that
	 * is not a Web Push subscription; nothing is changed then.
	 */
	register(device_id: string, fields: PushFields): string | undefined {
		const push: DevicePush = {};
		if (fields.fcm_token) {
			if (!this.#options.vapid) return 'this gateway pushes through ntfy only: send ntfy_topic';
			const parsed = parseSubscription(fields.fcm_token, this.#options.allowPrivateEndpoints);
			if (typeof parsed === 'string') return parsed;
			push.subscription = parsed;
		}
		if (fields.ntfy_topic) push.ntfy_topic = fields.ntfy_topic;
		this.registry.set(device_id, push);
		this.#log(
			push.subscription || push.ntfy_topic
				? `push: device ${device_id} registered${push.subscription ? ' web push' : ''}${push.ntfy_topic ? ` ntfy topic ${push.ntfy_topic}` : ''}`
				: `push: device ${device_id} unregistered`
		);
		return undefined;
	}

	/**
	 * A frame went out to the connected devices: push it to the registered ones that are not
	 * connected, when it is worth a notification. Never throws; failures are logged.
	 */
	onBroadcast(frame: ServerFrame, connected: ReadonlySet<string>): void {
		const payload = pushForFrame(frame, this.#defaultChatId);
		if (!payload) return;
		const body = JSON.stringify(payload);
		const urgency: Urgency =
			payload.kind === 'approval' || payload.kind === 'clarify' ? 'high' : 'normal';
		for (const [device_id, push] of this.registry.devices()) {
			if (connected.has(device_id)) continue;
			if (push.subscription && this.#options.vapid) {
				// A read receipt only closes a notification. Apple's push service revokes a
				// subscription whose pushes show none: Safari is not sent those.
				if (payload.kind === 'read' && showsEveryPush(push.subscription.endpoint)) continue;
				void this.#send(device_id, push.subscription, body, urgency);
			}
			// ntfy cannot take a notification back: a read receipt is not published.
			if (push.ntfy_topic && this.#options.ntfy && payload.kind !== 'read') {
				void this.#publish(device_id, push.ntfy_topic, payload);
			}
		}
	}

	async #publish(device_id: string, topic: string, payload: GatewayPush): Promise<void> {
		const server = this.#options.ntfy?.url;
		if (!server) return;
		try {
			const status = await publishNtfy(server, ntfyMessage(payload, topic, this.appUrl));
			this.#log(`push: published to ntfy topic ${topic} for device ${device_id} (${status})`);
		} catch (e) {
			this.#log(`push: publishing to ntfy for device ${device_id} failed: ${(e as Error).message}`);
		}
	}

	/**
	 * `web-push` encrypts (aes128gcm) and signs (VAPID) the request; we send it with `fetch`, which
	 * also reaches plain-http endpoints (a local stand-in push service in tests), where the
	 * library's own sender only speaks https.
	 */
	async #send(
		device_id: string,
		subscription: PushSubscription,
		body: string,
		urgency: Urgency
	): Promise<void> {
		try {
			const { vapid, allowPrivateEndpoints } = this.#options;
			if (!vapid) return;
			// Checked again now: a public name may have been pointed at a private address since.
			const { hostname } = new URL(subscription.endpoint);
			if (!allowPrivateEndpoints && (await resolvesToPrivate(hostname))) {
				this.#log(
					`push: not sent to device ${device_id}: its endpoint resolves to a private address`
				);
				return;
			}
			const request = webpush.generateRequestDetails(subscription, body, {
				vapidDetails: vapid,
				TTL: TTL_S,
				urgency,
				contentEncoding: 'aes128gcm'
			});
			const response = await fetch(request.endpoint, {
				method: request.method,
				headers: request.headers as Record<string, string>,
				body: request.body === null ? null : new Uint8Array(request.body)
			});
			const { status } = response;
			await response.body?.cancel();
			if (status === 404 || status === 410) {
				this.registry.dropSubscription(device_id, subscription.endpoint);
				this.#log(`push: subscription of device ${device_id} is gone (${status}): dropped`);
			} else if (response.ok) {
				this.#log(`push: sent to device ${device_id} (${status})`);
			} else {
				this.#log(`push: the push service refused device ${device_id}'s push (${status})`);
			}
		} catch (e) {
			this.#log(`push: sending to device ${device_id} failed: ${(e as Error).message}`);
		}
	}
}
