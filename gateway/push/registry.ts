/**
 * Which device wants push, and how (doc/architecture.md "Push registration"): a Web Push subscription (sent as
 * `fcm_token`, the JSON of the browser's `PushSubscription`) and/or an ntfy topic. Kept in the
 * gateway's store (they survive a restart). Devices are keyed by `hello.device_id`.
 */
import type { PushSubscription } from 'web-push';
import type { DevicePush, PushTable } from '../storage/types';
import { endpointProblem } from './endpoint';

export type { DevicePush };

/**
 * Parse an `fcm_token` as a Web Push subscription; an error message when it is not one, or when
 * its endpoint is not an https URL on a public host (./endpoint.ts; `allowPrivate`: tests only).
 */
export function parseSubscription(token: string, allowPrivate = false): PushSubscription | string {
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
	const problem = endpointProblem(s.endpoint, allowPrivate);
	if (problem) return problem;
	return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

export class PushRegistry {
	readonly #devices: PushTable;

	constructor(table: PushTable) {
		this.#devices = table;
	}

	/** Set what `device_id` registered; an empty registration forgets the device. */
	set(device_id: string, push: DevicePush): void {
		this.#devices.set(device_id, push);
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
	devices(): [string, DevicePush][] {
		return this.#devices.all();
	}
}
