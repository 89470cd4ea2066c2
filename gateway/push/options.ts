/**
 * Push settings of the reference gateway (environment, see ../config.ts):
 *
 * | variable                 | meaning                                                          |
 * |--------------------------|------------------------------------------------------------------|
 * | `IRIS_PUSH`              | `webpush`: advertise `push: "fcm"` + `vapid_public_key`;         |
 * |                          | `ntfy`: advertise `push: "ntfy"` (needs `IRIS_NTFY_URL`)         |
 * | `IRIS_VAPID_PUBLIC_KEY`  | VAPID key pair (base64url); generated at start when unset        |
 * | `IRIS_VAPID_PRIVATE_KEY` |                                                                  |
 * | `IRIS_VAPID_SUBJECT`     | contact for push services (required with webpush): a `mailto:`   |
 * |                          | address or `https:` URL on a public name (Apple refuses others)  |
 * | `IRIS_NTFY_URL`          | ntfy server to publish to for devices that registered a topic    |
 * | `IRIS_PUSH_ALLOW_PRIVATE`| `1` (tests only): accept http and private-address push endpoints |
 */
import webpush from 'web-push';
import type { MetaTable } from '../storage/types';

/**
 * Push through the gateway: Web Push with a VAPID identity (keys base64url, as `web-push` makes
 * them) and/or publishing to an ntfy server (base URL, no trailing slash).
 */
export interface PushOptions {
	vapid?: { publicKey: string; privateKey: string; subject: string };
	ntfy?: { url: string };
	/** Accept Web Push endpoints on http and private addresses (a local push service in tests). */
	allowPrivateEndpoints?: boolean;
}

function readNtfyUrl(raw: string | undefined): { url: string } | undefined | string {
	if (!raw) return undefined;
	try {
		const url = new URL(raw);
		if (url.protocol === 'http:' || url.protocol === 'https:') {
			return { url: url.href.replace(/\/+$/, '') };
		}
	} catch {
		// Reported below.
	}
	return `IRIS_NTFY_URL must be an http(s) URL, got "${raw}"`;
}

/** Host names no push service can reach: Apple's refuses a VAPID subject on them. */
const LOCAL_HOST = /(^|\.)(localhost|local|internal|home\.arpa|lan)$|^[\d.]+$|^\[|^[^.]+$/i;

/**
 * The VAPID subject from `IRIS_VAPID_SUBJECT`: a real contact, `mailto:someone@example.com` or
 * `https://example.com/…`. An error string otherwise: Apple's push service rejects a subject on
 * `localhost` (and iOS then never gets a notification), so Web Push does not start without one.
 */
export function readVapidSubject(raw: string | undefined): { subject: string } | string {
	const advice =
		'IRIS_PUSH=webpush needs IRIS_VAPID_SUBJECT: a contact push services accept, e.g. ' +
		'"mailto:you@example.com" or "https://your.site" (Apple refuses localhost and private names)';
	if (!raw) return advice;
	let host = '';
	try {
		const url = new URL(raw);
		if (url.protocol === 'mailto:') host = /^[^@\s]+@([^@\s?]+)$/.exec(url.pathname)?.[1] ?? '';
		else if (url.protocol === 'https:') host = url.hostname;
	} catch {
		// Reported below.
	}
	if (!host || LOCAL_HOST.test(host)) return `${advice}; got "${raw}"`;
	return { subject: raw };
}

/** Push options from `env`, undefined when push is off; an error string when misconfigured. */
export function readPushOptions(env: NodeJS.ProcessEnv): PushOptions | undefined | string {
	const mode = env.IRIS_PUSH;
	if (!mode || mode === 'none') return undefined;
	const ntfy = readNtfyUrl(env.IRIS_NTFY_URL);
	if (typeof ntfy === 'string') return ntfy;
	if (mode === 'ntfy') return ntfy ? { ntfy } : 'IRIS_PUSH=ntfy needs IRIS_NTFY_URL';
	if (mode !== 'webpush') return `IRIS_PUSH must be "webpush", "ntfy" or "none", got "${mode}"`;
	const given = env.IRIS_VAPID_PUBLIC_KEY && env.IRIS_VAPID_PRIVATE_KEY;
	if (!given && (env.IRIS_VAPID_PUBLIC_KEY || env.IRIS_VAPID_PRIVATE_KEY)) {
		return 'IRIS_VAPID_PUBLIC_KEY and IRIS_VAPID_PRIVATE_KEY go together';
	}
	const subject = readVapidSubject(env.IRIS_VAPID_SUBJECT);
	if (typeof subject === 'string') return subject;
	const keys = given
		? { publicKey: env.IRIS_VAPID_PUBLIC_KEY!, privateKey: env.IRIS_VAPID_PRIVATE_KEY! }
		: webpush.generateVAPIDKeys();
	const vapid = { ...keys, ...subject };
	const allow = env.IRIS_PUSH_ALLOW_PRIVATE === '1' ? { allowPrivateEndpoints: true } : {};
	return ntfy ? { vapid, ntfy, ...allow } : { vapid, ...allow };
}

/**
 * The VAPID keys to use: the environment's (`IRIS_VAPID_*`), else the ones the store kept from an
 * earlier start, else the generated ones of `push`, which are then kept. Stable keys keep the
 * browsers' push subscriptions valid across restarts.
 */
export function keptVapidKeys(
	push: PushOptions | undefined,
	env: NodeJS.ProcessEnv,
	meta: MetaTable
): PushOptions | undefined {
	if (!push?.vapid || (env.IRIS_VAPID_PUBLIC_KEY && env.IRIS_VAPID_PRIVATE_KEY)) return push;
	const kept = meta.get<{ publicKey: string; privateKey: string }>('vapid_keys');
	if (kept) return { ...push, vapid: { ...push.vapid, ...kept } };
	const { publicKey, privateKey } = push.vapid;
	meta.set('vapid_keys', { publicKey, privateKey });
	return push;
}
