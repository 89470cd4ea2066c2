import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPushOptions, readVapidSubject, type PushOptions } from '../../gateway/push/options';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { parsePush } from '../../src/lib/protocol/push';
import { TOKEN, TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { sendAndFinish } from './gateway-suite';
import { TestPushService, decryptPush, verifyVapid } from './support/push-service';

let gateway: TestGateway;
let service: TestPushService;
let push: PushOptions;
/** The VAPID public key of the test's gateway. */
let vapidKey: string;
const clients: TestClient[] = [];

beforeEach(async () => {
	const options = readPushOptions({
		IRIS_PUSH: 'webpush',
		IRIS_PUSH_ALLOW_PRIVATE: '1',
		IRIS_VAPID_SUBJECT: 'mailto:tests@example.com'
	});
	if (typeof options !== 'object' || !options.vapid) throw new Error('push options expected');
	push = options;
	vapidKey = options.vapid.publicKey;
	gateway = await startTestGateway({ push });
	service = await TestPushService.start();
});

afterEach(async () => {
	await Promise.all(
		clients.splice(0).map((c) => (c.ws.readyState === c.ws.OPEN ? c.close() : undefined))
	);
	await gateway.stop();
	await service.close();
});

async function hello(device_id: string, extra: Record<string, unknown> = {}) {
	const client = await TestClient.connect(gateway.gw.wsUrl);
	clients.push(client);
	const ack = (await client.request('hello', {
		token: TOKEN,
		device_id,
		...extra
	})) as ServerFrameOf<'hello.ack'>;
	return { client, ack };
}

describe('Web Push through the gateway', () => {
	it('advertises push "fcm" with its VAPID key', async () => {
		const { ack } = await hello('d1');
		expect(ack.payload.server_caps).toMatchObject({
			push: 'fcm',
			vapid_public_key: vapidKey
		});
	});

	it('sends an encrypted, VAPID-signed push to a registered device that is not connected', async () => {
		const phone = service.subscribe('/push/phone');
		const desk = service.subscribe('/push/desk');
		const { client: away } = await hello('phone', { fcm_token: JSON.stringify(phone.json) });
		await away.close();
		const { client: here } = await hello('desk');
		expect(
			await here.request('fcm.register', { fcm_token: JSON.stringify(desk.json) })
		).toMatchObject({
			type: 'status'
		});

		const { turn } = await sendAndFinish(here, 'ping the phone');
		const stop = turn.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;
		const request = await service.next('/push/phone');

		expect(request.headers['content-encoding']).toBe('aes128gcm');
		expect(Number(request.headers.ttl)).toBeGreaterThan(0);
		expect(verifyVapid(request.headers, service.origin, vapidKey).sub).toBe(
			'mailto:tests@example.com'
		);
		const payload = JSON.parse(decryptPush(request.body, phone)) as Record<string, unknown>;
		expect(payload).toMatchObject({
			v: 1,
			type: 'push',
			kind: 'message',
			chat_id: 'default',
			message_id: stop.payload.message_id
		});
		expect(payload.body).toContain('Demo reply');
		// The desk is connected: it got the frames, not a push.
		await vi.waitFor(() =>
			expect(gateway.logs.some((l) => l.includes('sent to device phone'))).toBe(true)
		);
		expect(service.requests.map((r) => r.path)).not.toContain('/push/desk');
		// The wrong key cannot read it.
		expect(() => decryptPush(request.body, desk)).toThrow();
	});

	it('drops a subscription the push service says is gone', async () => {
		const phone = service.subscribe('/push/gone');
		const { client } = await hello('phone', { fcm_token: JSON.stringify(phone.json) });
		await client.close();
		service.status = 410;
		const { client: here } = await hello('desk');
		await sendAndFinish(here, 'one');
		await service.next('/push/gone');
		await vi.waitFor(() =>
			expect(gateway.logs.some((l) => l.includes('is gone (410)'))).toBe(true)
		);
		// Forgotten: the next turn pushes nothing.
		await sendAndFinish(here, 'two');
		expect(service.requests.length).toBe(1);
	});

	it('refuses a token that is not a subscription, and unregisters on an empty fcm.register', async () => {
		const { client } = await hello('d1');
		expect(await client.request('fcm.register', { fcm_token: 'not json' })).toMatchObject({
			type: 'error',
			payload: { code: 'unsupported' }
		});
		expect(await client.request('fcm.register', { ntfy_topic: 'iris-me' })).toMatchObject({
			type: 'status'
		});
		expect(await client.request('fcm.register', {})).toMatchObject({ type: 'status' });
		expect(gateway.logs).toEqual(
			expect.arrayContaining([
				'[gateway] push: device d1 registered ntfy topic iris-me',
				'[gateway] push: device d1 unregistered'
			])
		);
	});
});

describe('readPushOptions', () => {
	it('is off by default, generates keys, or takes both from the environment', () => {
		expect(readPushOptions({})).toBeUndefined();
		expect(readPushOptions({ IRIS_PUSH: 'fcm' })).toMatch(/IRIS_PUSH/);
		expect(readPushOptions({ IRIS_PUSH: 'webpush', IRIS_VAPID_PUBLIC_KEY: 'x' })).toMatch(
			/together/
		);
		expect(
			readPushOptions({
				IRIS_PUSH: 'webpush',
				IRIS_VAPID_PUBLIC_KEY: 'pub',
				IRIS_VAPID_PRIVATE_KEY: 'priv',
				IRIS_VAPID_SUBJECT: 'mailto:me@example.com'
			})
		).toEqual({
			vapid: { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:me@example.com' }
		});
		expect(readPushOptions({ IRIS_PUSH: 'ntfy' })).toMatch(/IRIS_NTFY_URL/);
	});

	it('needs a VAPID subject push services accept: a public mailto: or https: contact', () => {
		expect(readPushOptions({ IRIS_PUSH: 'webpush' })).toMatch(/needs IRIS_VAPID_SUBJECT/);
		for (const bad of [
			'mailto:iris@localhost',
			'mailto:me@box.local',
			'mailto:me@intranet',
			'mailto:me@192.168.1.4',
			'https://localhost:8787',
			'http://example.com',
			'me@example.com',
			'mailto:'
		]) {
			expect(readVapidSubject(bad), bad).toMatch(/Apple refuses localhost/);
		}
		for (const good of ['mailto:me@example.com', 'https://iris.example.org/contact']) {
			expect(readVapidSubject(good)).toEqual({ subject: good });
		}
		expect(readPushOptions({ IRIS_PUSH: 'ntfy', IRIS_NTFY_URL: 'ftp://x' })).toMatch(/http/);
		expect(readPushOptions({ IRIS_PUSH: 'ntfy', IRIS_NTFY_URL: 'http://127.0.0.1:1/' })).toEqual({
			ntfy: { url: 'http://127.0.0.1:1' }
		});
	});
});

describe('ntfy through the gateway (IRIS_PUSH=ntfy)', () => {
	it('advertises push "ntfy" and publishes to the topic of a device that is not connected', async () => {
		const ntfyServer = await TestPushService.start();
		const ntfyGateway = await startTestGateway({ push: { ntfy: { url: ntfyServer.origin } } });
		try {
			const away = await TestClient.connect(ntfyGateway.gw.wsUrl);
			const ack = (await away.request('hello', {
				token: TOKEN,
				device_id: 'phone',
				ntfy_topic: 'iris-phone'
			})) as ServerFrameOf<'hello.ack'>;
			expect(ack.payload.server_caps).toMatchObject({ push: 'ntfy' });
			expect(await away.request('fcm.register', { fcm_token: '{}' })).toMatchObject({
				type: 'error',
				payload: { code: 'unsupported' }
			});
			await away.close();
			const [here] = await TestClient.paired(ntfyGateway.gw.wsUrl, 'desk');
			clients.push(here);
			const { turn } = await sendAndFinish(here, 'tell the phone');
			const stop = turn.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;

			const published = await ntfyServer.next('/');
			const message = JSON.parse(published.body.toString('utf8')) as Record<string, unknown>;
			expect(message).toMatchObject({
				topic: 'iris-phone',
				title: 'New message',
				tags: ['message'],
				click: `${ntfyGateway.gw.httpUrl}/chat/default`
			});
			expect(message.message).toContain('Demo reply');
			// What the app's service worker makes of it once ntfy delivers it by Web Push.
			const event = { event: 'message', message: { id: 'n', topic: 'iris-phone', ...message } };
			expect(parsePush(event, ntfyGateway.gw.httpUrl)).toMatchObject({
				kind: 'message',
				chat_id: 'default',
				tag: 'chat:default'
			});
			expect(stop.payload.final_text).toContain('Demo reply');
		} finally {
			await ntfyGateway.stop();
			await ntfyServer.close();
		}
	});
});

it('answers fcm.register with unsupported when push is off', async () => {
	const off = await startTestGateway();
	try {
		const [client, ack] = await TestClient.paired(off.gw.wsUrl);
		clients.push(client);
		expect((ack as ServerFrameOf<'hello.ack'>).payload.server_caps).toMatchObject({ push: 'none' });
		expect(await client.request('fcm.register', { fcm_token: '{}' })).toMatchObject({
			type: 'error',
			payload: { code: 'unsupported' }
		});
	} finally {
		await off.stop();
	}
});

it('acks fcm.register with the gateway state it is in (a status the app shows)', async () => {
	// Long demo steps: `/demo status` stays "restarting" until the gateway stops.
	const slow = await startTestGateway({ push, demoStepMs: 1_000 });
	try {
		const [client] = await TestClient.paired(slow.gw.wsUrl);
		clients.push(client);
		const sent = await client.request('message.send', { text: '/demo status' });
		await client.waitFor(
			(f) => f.type === 'status' && f.payload.state === 'restarting',
			client.indexOf(sent)
		);
		expect(await client.request('fcm.register', { ntfy_topic: 'iris-me' })).toMatchObject({
			type: 'status',
			payload: { state: 'restarting' }
		});
	} finally {
		await slow.stop();
	}
});
