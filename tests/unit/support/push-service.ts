/**
 * A stand-in for a Web Push service on 127.0.0.1: records every request, and decrypts a body the
 * way a browser does (RFC 8291 `aes128gcm`, RFC 8188 framing) with the subscription's private
 * key — written independently of the `web-push` library the gateway uses, so it checks it.
 * Also verifies the VAPID `Authorization` header (RFC 8292).
 */
import {
	createECDH,
	createPublicKey,
	createDecipheriv,
	hkdfSync,
	randomBytes,
	verify,
	type ECDH
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the push service received. */
export interface PushRequest {
	path: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

/** A browser-side subscription: what `JSON.stringify(PushSubscription)` gives, plus its secrets. */
export interface TestSubscription {
	json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
	ecdh: ECDH;
	auth: Buffer;
}

const b64url = (b: Buffer): string => b.toString('base64url');

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer =>
	Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypt an `aes128gcm` Web Push body for `sub`; throws when it does not authenticate. */
export function decryptPush(body: Buffer, sub: TestSubscription): string {
	const salt = body.subarray(0, 16);
	const rs = body.readUInt32BE(16);
	const idlen = body[20] ?? 0;
	const senderPublic = body.subarray(21, 21 + idlen);
	const ciphertext = body.subarray(21 + idlen);
	if (ciphertext.length > rs) throw new Error('more than one record: not expected for a push');
	const uaPublic = sub.ecdh.getPublicKey();
	const ecdhSecret = sub.ecdh.computeSecret(senderPublic);
	const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
	const ikm = hkdf(sub.auth, ecdhSecret, keyInfo, 32);
	const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
	const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
	const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
	decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
	const padded = Buffer.concat([
		decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
		decipher.final()
	]);
	// The last record ends with the delimiter 0x02, then zero padding.
	let end = padded.length - 1;
	while (end >= 0 && padded[end] === 0) end--;
	if (padded[end] !== 2) throw new Error('missing last-record delimiter');
	return padded.subarray(0, end).toString('utf8');
}

/** Check `Authorization: vapid t=<JWT>, k=<key>`: ES256 signature, audience, expiry. */
export function verifyVapid(
	headers: IncomingHttpHeaders,
	audience: string,
	publicKey: string
): { sub: string } {
	const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
	if (!m?.[1] || !m[2])
		throw new Error(`not a VAPID Authorization header: ${headers.authorization}`);
	if (m[2] !== publicKey) throw new Error('VAPID k= is not the advertised key');
	const [head, claims, signature] = m[1].split('.');
	if (!head || !claims || !signature) throw new Error('malformed JWT');
	const raw = Buffer.from(publicKey, 'base64url');
	const key = createPublicKey({
		key: {
			kty: 'EC',
			crv: 'P-256',
			x: b64url(raw.subarray(1, 33)),
			y: b64url(raw.subarray(33, 65))
		},
		format: 'jwk'
	});
	const ok = verify(
		'sha256',
		Buffer.from(`${head}.${claims}`),
		{ key, dsaEncoding: 'ieee-p1363' },
		Buffer.from(signature, 'base64url')
	);
	if (!ok) throw new Error('VAPID JWT signature does not verify');
	const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
		aud: string;
		exp: number;
		sub: string;
	};
	if (c.aud !== audience) throw new Error(`VAPID aud ${c.aud}, expected ${audience}`);
	if (c.exp * 1000 <= Date.now()) throw new Error('VAPID JWT expired');
	return { sub: c.sub };
}

/** A local push service: every request recorded, answered with `status` (201 by default). */
export class TestPushService {
	readonly requests: PushRequest[] = [];
	status = 201;
	readonly #server: Server;
	#waiters: (() => void)[] = [];

	private constructor(server: Server) {
		this.#server = server;
	}

	static async start(): Promise<TestPushService> {
		const server = createServer();
		const service = new TestPushService(server);
		server.on('request', (req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				service.requests.push({
					path: req.url ?? '',
					headers: req.headers,
					body: Buffer.concat(chunks)
				});
				res.writeHead(service.status).end();
				for (const wake of service.#waiters) wake();
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return service;
	}

	get origin(): string {
		return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
	}

	/** A fresh browser-side subscription whose endpoint is `path` on this service. */
	subscribe(path: string): TestSubscription {
		const ecdh = createECDH('prime256v1');
		ecdh.generateKeys();
		const auth = randomBytes(16);
		return {
			json: {
				endpoint: `${this.origin}${path}`,
				expirationTime: null,
				keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) }
			},
			ecdh,
			auth
		};
	}

	/** The first request to `path`, waiting up to 4 s for it. */
	async next(path: string): Promise<PushRequest> {
		const find = () => this.requests.find((r) => r.path === path);
		const hit = find();
		if (hit) return hit;
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no push to ${path}`)), 4000);
			const wake = () => {
				const r = find();
				if (!r) return;
				clearTimeout(timer);
				this.#waiters = this.#waiters.filter((w) => w !== wake);
				resolve(r);
			};
			this.#waiters.push(wake);
		});
	}

	async close(): Promise<void> {
		this.#server.closeAllConnections();
		await new Promise<void>((resolve) => this.#server.close(() => resolve()));
	}
}
