/**
 * Push settings of the reference gateway (environment, see ../config.ts):
 *
 * | variable                 | meaning                                                        |
 * |--------------------------|----------------------------------------------------------------|
 * | `IRIS_PUSH`              | `webpush`: advertise `push: "fcm"` + `vapid_public_key`        |
 * | `IRIS_VAPID_PUBLIC_KEY`  | VAPID key pair (base64url); generated at start when unset      |
 * | `IRIS_VAPID_PRIVATE_KEY` |                                                                |
 * | `IRIS_VAPID_SUBJECT`     | contact for push services, default `mailto:iris@localhost`     |
 */
import webpush from 'web-push';

/** Web Push through the gateway: VAPID identity (keys base64url, as `web-push` makes them). */
export interface PushOptions {
	vapid: { publicKey: string; privateKey: string; subject: string };
}

/** Push options from `env`, undefined when push is off; an error string when misconfigured. */
export function readPushOptions(env: NodeJS.ProcessEnv): PushOptions | undefined | string {
	const mode = env.IRIS_PUSH;
	if (!mode || mode === 'none') return undefined;
	if (mode !== 'webpush') return `IRIS_PUSH must be "webpush" or "none", got "${mode}"`;
	const given = env.IRIS_VAPID_PUBLIC_KEY && env.IRIS_VAPID_PRIVATE_KEY;
	if (!given && (env.IRIS_VAPID_PUBLIC_KEY || env.IRIS_VAPID_PRIVATE_KEY)) {
		return 'IRIS_VAPID_PUBLIC_KEY and IRIS_VAPID_PRIVATE_KEY go together';
	}
	const keys = given
		? { publicKey: env.IRIS_VAPID_PUBLIC_KEY!, privateKey: env.IRIS_VAPID_PRIVATE_KEY! }
		: webpush.generateVAPIDKeys();
	return { vapid: { ...keys, subject: env.IRIS_VAPID_SUBJECT || 'mailto:iris@localhost' } };
}
