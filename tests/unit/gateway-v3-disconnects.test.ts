/**
 * The gateway's Hermes Chat v3 disconnects: what the agent streams while the app is away is held
 * and delivered on reconnect, the test hook cuts connections, and an idle connection is cut.
 */
import { describe, expect, it } from 'vitest';
import type { V3Frame } from '../../src/lib/protocol/hermes-v3';
import { demoReply } from '../../gateway/demo-agent';
import { BEARER, startTestGateway, type TestGateway } from './gateway-helpers';
import { streamedText, v3Message } from './gateway-v3-helpers';
import { useV3Gateway } from './gateway-v3-suite';

let t: TestGateway;
const { connect } = useV3Gateway(
	() => t,
	(gateway) => (t = gateway)
);

/** A `/__test/v3/` hook (they require the token). */
const v3Hook = (path: string, method = 'GET') =>
	fetch(`${t.gw.httpUrl}/__test/v3/${path}`, { method, headers: BEARER });

describe('v3 disconnects', () => {
	it('holds what the agent streams while the user is away and delivers it on reconnect', async () => {
		const first = await connect();
		expect((await v3Hook('drop-after?streams=3', 'POST')).status).toBe(200);
		const msg = v3Message('text', { text: 'a reply cut in the middle' });
		first.send(msg);
		await first.closed;
		expect(first.types()).toEqual(['stream_start', 'stream', 'stream', 'stream']);
		// The turn goes on: wait until the rest of it is held.
		await expect
			.poll(async () => await (await v3Hook('state')).json())
			.toMatchObject({ connections: 0, held: expect.any(Number) });
		const second = await connect();
		const rest = await second.streamed();
		expect(rest[0]?.type).toBe('stream');
		const whole: V3Frame[] = [...first.frames, ...rest];
		expect(streamedText(whole)).toBe(demoReply('a reply cut in the middle'));
		expect(whole.filter((f) => f.type === 'stream_start')).toHaveLength(1);
	});

	it('cuts every v3 connection on POST /__test/v3/drop', async () => {
		const a = await connect();
		const b = await connect();
		const res = await v3Hook('drop', 'POST');
		expect(await res.json()).toEqual({ dropped: 2 });
		expect(await a.closed).toBe(1006);
		expect(await b.closed).toBe(1006);
	});

	it('cuts a connection that sent nothing for the idle time (spec: 90 s)', async () => {
		await t.stop();
		t = await startTestGateway({ v3IdleMs: 150 });
		const client = await connect();
		expect(await client.closed).toBe(1006);
		expect(t.logs.some((l) => l.includes('nothing received for 150 ms'))).toBe(true);
	});
});
