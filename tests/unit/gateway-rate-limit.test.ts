/**
 * `message.send` is rate-limited per device: past the burst, `error{rate_limited}` with a
 * `retry_after_ms` hint, and no agent turn is queued for it.
 */
import { afterEach, expect, it } from 'vitest';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';

let t: TestGateway | undefined;
afterEach(async () => {
	await t?.stop();
	t = undefined;
});

it('answers rate_limited past the burst, per device', async () => {
	t = await startTestGateway({ limits: { sends: { burst: 3, perSecond: 0.01 } } });
	const [phone] = await TestClient.paired(t.gw.wsUrl, 'phone');
	const answers = [];
	for (let i = 0; i < 5; i++) answers.push(await phone.request('message.send', { text: `m${i}` }));
	expect(answers.map((a) => a.type)).toEqual(['message', 'message', 'message', 'error', 'error']);
	const refused = answers[3]!;
	expect(refused.payload).toMatchObject({ code: 'rate_limited' });
	expect((refused.payload as { retry_after_ms: number }).retry_after_ms).toBeGreaterThan(0);
	// Another device has its own budget.
	const [desk] = await TestClient.paired(t.gw.wsUrl, 'desk');
	expect((await desk.request('message.send', { text: 'hi' })).type).toBe('message');
	expect(phone.invalid).toEqual([]);
	await phone.close();
	await desk.close();
});
