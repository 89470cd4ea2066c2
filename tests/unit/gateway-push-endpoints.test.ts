/**
 * Push endpoints come from clients: only https URLs on public hosts are accepted, so the gateway
 * cannot be made to POST into its own network.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpointProblem, isPrivateAddress } from '../../gateway/push/endpoint';
import { readPushOptions, type PushOptions } from '../../gateway/push/options';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';

let t: TestGateway;
beforeAll(async () => {
	t = await startTestGateway({
		push: readPushOptions({
			IRIS_PUSH: 'webpush',
			IRIS_VAPID_SUBJECT: 'mailto:tests@example.com'
		}) as PushOptions
	});
});
afterAll(() => t.stop());

const subscription = (endpoint: string) =>
	JSON.stringify({ endpoint, keys: { p256dh: 'BPk', auth: 'x' } });

it.each([
	'http://push.example.com/x',
	'https://127.0.0.1/x',
	'https://10.1.2.3/x',
	'https://172.20.0.1/x',
	'https://192.168.1.1/x',
	'https://169.254.169.254/latest/meta-data',
	'https://100.64.0.1/x',
	'https://0.0.0.0/x',
	'https://[::1]/x',
	'https://[fd00::1]/x',
	'https://[fe80::1]/x',
	'https://[::ffff:127.0.0.1]/x',
	'https://localhost/x',
	'https://router.local/x',
	'https://metadata.google.internal/x',
	'https://intranet/x',
	'https://user:pw@push.example.com/x',
	'javascript:alert(1)'
])('refuses the push endpoint %s', async (endpoint) => {
	expect(endpointProblem(endpoint)).toBeDefined();
	const [client] = await TestClient.paired(t.gw.wsUrl, 'd-ssrf');
	const answer = await client.request('fcm.register', { fcm_token: subscription(endpoint) });
	expect(answer).toMatchObject({ type: 'error', payload: { code: 'unsupported' } });
	await client.close();
});

it('accepts https endpoints of public push services', async () => {
	for (const endpoint of [
		'https://fcm.googleapis.com/fcm/send/abc',
		'https://updates.push.services.mozilla.com/wpush/v2/x',
		'https://8.8.8.8/x'
	]) {
		expect(endpointProblem(endpoint)).toBeUndefined();
	}
	const [client] = await TestClient.paired(t.gw.wsUrl, 'd-ok');
	const answer = await client.request('fcm.register', {
		fcm_token: subscription('https://fcm.googleapis.com/fcm/send/abc')
	});
	expect(answer.type).toBe('status');
	await client.close();
});

it('knows private addresses, and lets tests use a local push service', () => {
	expect(isPrivateAddress('127.0.0.1')).toBe(true);
	expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
	expect(isPrivateAddress('1.1.1.1')).toBe(false);
	expect(isPrivateAddress('2606:4700::1111')).toBe(false);
	expect(endpointProblem('http://127.0.0.1:9999/push', true)).toBeUndefined();
	expect(
		readPushOptions({
			IRIS_PUSH: 'webpush',
			IRIS_PUSH_ALLOW_PRIVATE: '1',
			IRIS_VAPID_SUBJECT: 'mailto:tests@example.com'
		})
	).toMatchObject({
		allowPrivateEndpoints: true
	});
});
