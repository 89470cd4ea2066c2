/**
 * Request targets that no URL parser accepts as a path (`//`, `//[`, `//a:b` read as `//host`)
 * and malformed percent-escapes: each gets 400, from every route, and the gateway lives on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, httpGet, startTestGateway, type TestGateway } from './gateway-helpers';
import { rawExchange, upgradeRequest } from './support/raw-socket';

let t: TestGateway;
beforeAll(async () => {
	t = await startTestGateway({ testHooks: true });
});
afterAll(() => t.stop());

const token = encodeURIComponent(TOKEN);

describe('request targets', () => {
	it.each(['//', '//[', '//a:b', '//evil.example/ws', '*'])('answers 400 to %s', async (target) => {
		const answer = await rawExchange(
			t.gw.port,
			Buffer.from(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
		);
		expect(answer.status).toBe(400);
	});

	it('answers 400 to a malformed escape in a media id or an app path', async () => {
		expect((await httpGet(t.gw.port, `/media/%E0?token=${token}`)).status).toBe(400);
		expect((await httpGet(t.gw.port, '/chat/%E0')).status).toBe(400);
		expect((await httpGet(t.gw.port, `/__test/media/%E0?token=${token}`)).status).toBe(404);
	});

	it('refuses an upgrade to // with 400', async () => {
		const answer = await rawExchange(t.gw.port, upgradeRequest(t.gw.port, '//'));
		expect(answer.status).toBe(400);
	});

	it('still serves the app and /healthz afterwards', async () => {
		expect((await httpGet(t.gw.port, '/healthz')).status).toBe(200);
		expect((await httpGet(t.gw.port, '/pair')).status).toBe(200);
	});
});

describe('test hooks', () => {
	it('refuse requests without the token, and count them as failed authentications', async () => {
		const refused = await fetch(`${t.gw.httpUrl}/__test/state`);
		expect(refused.status).toBe(401);
		const wrong = await fetch(`${t.gw.httpUrl}/__test/drop`, {
			method: 'POST',
			headers: { authorization: 'Bearer guess' }
		});
		expect(wrong.status).toBe(401);
		const allowed = await fetch(`${t.gw.httpUrl}/__test/state`, {
			headers: { authorization: `Bearer ${TOKEN}` }
		});
		expect(allowed.status).toBe(200);
		for (const prefix of ['media/list', 'v3/state']) {
			expect((await fetch(`${t.gw.httpUrl}/__test/${prefix}`)).status).toBe(401);
		}
	});
});
