/**
 * Which device wants push, and how (doc/protocol.md "Push"): a Web Push subscription (sent as
 * `fcm_token`, the JSON of the browser's `PushSubscription`) and/or an ntfy topic. Kept in memory
 * like everything else in the demo gateway. Devices are keyed by `hello.device_id`.
 */
import type { PushSubscription } from 'web-push';

/** What one device registered. */
export interface DevicePush {
	subscription?: PushSubscription;
	ntfy_topic?: string;
}

/** Parse an `fcm_token` as a Web Push subscription; an error message when it is not one. */
export function parseSubscription(token: string): PushSubscription | string {
	let json: unknown;
	try {
		json = JSON.parse(token);
	} catch {
		return 'fcm_token must be a Web Push subscription as JSON';
	}
	const s = json as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
	if (
		typeof s.endpoint !== 'string' ||
		!/^https?:\/\//.test(s.endpoint) ||
		typeof s.keys?.p256dh !== 'string' ||
		typeof s.keys.auth !== 'string'
	) {
		return 'fcm_token must have an http(s) endpoint and keys.p256dh / keys.auth';
	}
	return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

export class PushRegistry {
	readonly #devices = new Map<string, DevicePush>();

	/** Set what `device_id` registered; an empty registration forgets the device. */
	set(device_id: string, push: DevicePush): void {
		if (push.subscription || push.ntfy_topic) this.#devices.set(device_id, push);
		else this.#devices.delete(device_id);
	}

	get(device_id: string): DevicePush | undefined {
		return this.#devices.get(device_id);
	}

	/** Forget a Web Push subscription the push service said is gone (404/410). */
	dropSubscription(device_id: string, endpoint: string): void {
		const push = this.#devices.get(device_id);
		if (push?.subscription?.endpoint !== endpoint) return;
		const { ntfy_topic } = push;
		this.set(device_id, ntfy_topic === undefined ? {} : { ntfy_topic });
	}

	/** Every registered device and what it registered. */
	devices(): IterableIterator<[string, DevicePush]> {
		return this.#devices.entries();
	}
}
