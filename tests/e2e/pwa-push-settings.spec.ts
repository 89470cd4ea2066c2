import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { expect, pairViaLink, test } from './fixtures';
import { openNotificationSettings, stubPushManager, waitForController } from './pwa-support';

/** A stand-in ntfy server on 127.0.0.1: its Web Push key, and what was registered with it. */
class FakeNtfy {
	readonly key = webpush.generateVAPIDKeys().publicKey;
	readonly requests: { method: string; path: string; body: unknown }[] = [];
	readonly #server: Server;

	constructor() {
		this.#server = createServer((req, res) => {
			const cors = {
				'Access-Control-Allow-Origin': '*',
				'Access-Control-Allow-Methods': 'GET, POST, DELETE',
				'Access-Control-Allow-Headers': 'Content-Type'
			};
			if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
			let body = '';
			req.on('data', (c: Buffer) => (body += c.toString('utf8')));
			req.on('end', () => {
				if (req.url === '/v1/config') {
					res
						.writeHead(200, { ...cors, 'Content-Type': 'application/json' })
						.end(JSON.stringify({ base_url: this.url, web_push_public_key: this.key }));
					return;
				}
				this.requests.push({
					method: req.method ?? '',
					path: req.url ?? '',
					body: body ? (JSON.parse(body) as unknown) : undefined
				});
				res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"success":true}');
			});
		});
	}

	async start(): Promise<void> {
		await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
	}

	get url(): string {
		return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
	}

	async close(): Promise<void> {
		this.#server.closeAllConnections();
		await new Promise<void>((resolve) => this.#server.close(() => resolve()));
	}
}

test.use({
	gatewayOptions: { env: { IRIS_PUSH: 'webpush', IRIS_VAPID_SUBJECT: 'mailto:tests@example.com' } }
});

test('Notifications: Web Push via the gateway, an ntfy topic, a new topic, then off (push service stubbed)', async ({
	page,
	gateway
}) => {
	const ntfy = new FakeNtfy();
	await ntfy.start();
	try {
		await page.context().grantPermissions(['notifications'], { origin: gateway.httpUrl });
		await page.addInitScript(stubPushManager);
		await pairViaLink(page, gateway);
		await waitForController(page);
		await openNotificationSettings(page);
		const state = page.getByRole('status', { name: 'Notification settings', exact: true });
		await expect(state).toHaveText('Notifications are off.');

		const from = gateway.output.length;
		await page.getByRole('button', { name: 'Enable notifications', exact: true }).click();
		await expect(state).toHaveText('Notifications are on, through the gateway.');
		await gateway.waitForLine(/push: device \S+ registered web push$/, { from });

		await page.getByLabel('ntfy server URL').fill(ntfy.url);
		await page.getByLabel('ntfy topic').fill('iris-one');
		await page.getByRole('button', { name: 'Use ntfy', exact: true }).click();
		await expect(state).toHaveText('Notifications are on, through ntfy (topic iris-one).');
		await gateway.waitForLine(/registered ntfy topic iris-one$/, { from });
		const registered = {
			method: 'POST',
			path: '/v1/webpush',
			body: {
				endpoint: 'https://push.example/subscription-1',
				auth: 'AUTH',
				p256dh: 'P256DH',
				topics: ['iris-one']
			}
		};
		expect(ntfy.requests).toEqual([registered]);

		await page.getByLabel('ntfy topic').fill('iris-two');
		await page.getByRole('button', { name: 'Change topic', exact: true }).click();
		await expect(state).toHaveText('Notifications are on, through ntfy (topic iris-two).');
		await gateway.waitForLine(/registered ntfy topic iris-two$/, { from });
		expect(ntfy.requests.at(-1)).toEqual({
			...registered,
			body: { ...registered.body, topics: ['iris-two'] }
		});

		await page.getByRole('button', { name: 'Turn off notifications', exact: true }).click();
		await expect(state).toHaveText('Notifications are off.');
		await gateway.waitForLine(/push: device \S+ unregistered$/, { from });
		expect(ntfy.requests.at(-1)).toEqual({
			method: 'DELETE',
			path: '/v1/webpush',
			body: { endpoint: 'https://push.example/subscription-1' }
		});
	} finally {
		await ntfy.close();
	}
});
