/**
 * `message.send` (and a v3 message) is rate-limited per sender: past the burst, `error{rate_limited}` with a
 * `retry_after_ms` hint, and no agent turn is queued for it.
 */
import { afterEach, expect, it } from 'vitest';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { V3Client, v3Message } from './gateway-v3-helpers';

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

it('limits v3 messages the same way: an error{rate_limited} answers each one past the burst', async () => {
	t = await startTestGateway({ limits: { sends: { burst: 2, perSecond: 0.01 } } });
	const client = await V3Client.connect(t.gw.v3WsUrl);
	const codes: string[] = [];
	for (let i = 0; i < 4; i++) {
		const sent = v3Message('text', { text: `m${i}` });
		const from = client.frames.length;
		client.send(sent);
		// Each message is answered: by its reply's end, or by an error that names it.
		const answer = await client.waitFor(
			(f) => f.type === 'stream_end' || (f.type === 'error' && f.reply_to === sent.id),
			from,
			`answer to m${i}`
		);
		codes.push(answer.type === 'error' ? (answer.data as { code: string }).code : 'ok');
	}
	expect(codes).toEqual(['ok', 'ok', 'rate_limited', 'rate_limited']);
	expect(client.invalid).toEqual([]);
	await client.close();
});
