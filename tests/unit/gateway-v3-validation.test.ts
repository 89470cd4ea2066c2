/**
 * The gateway's Hermes Chat v3 validation: an invalid frame from the app (missing fields, unknown
 * type, bad JSON, binary, wrong addressee) gets an error and is logged, and the connection lives on.
 */
import { describe, expect, it } from 'vitest';
import { V3_NO_SESSION, type V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { type TestGateway } from './gateway-helpers';
import { USER, v3Message } from './gateway-v3-helpers';
import { refusal, useV3Gateway } from './gateway-v3-suite';
import { v3Example } from './support/hermes-v3-examples';

let t: TestGateway;
const { connect } = useV3Gateway(
	() => t,
	(gateway) => (t = gateway)
);

/** The spec example of media `type` with `media[field]` removed. */
function withoutMedia(type: string, field: string): Record<string, unknown> {
	const raw = v3Example(type);
	delete (raw.data as { media: Record<string, unknown> }).media[field];
	return raw;
}

describe('v3 validation: an invalid frame gets an error, is logged, and the connection lives on', () => {
	const cases: [string, () => Record<string, unknown>, RegExp][] = [
		[
			'image without width',
			() => withoutMedia('image', 'width'),
			/image: data\.media\.width is required/
		],
		[
			'video without duration',
			() => withoutMedia('video', 'duration'),
			/video: data\.media\.duration is required/
		],
		[
			'voice without duration',
			() => withoutMedia('voice', 'duration'),
			/voice: data\.media\.duration is required/
		],
		['text without data', () => v3Message('text', undefined), /text: data is required/],
		[
			'text without session',
			() => v3Message('text', { text: 'x' }, { session: undefined }),
			/session is required/
		],
		['an unknown type', () => v3Message('link', { url: 'https://x' }), /unknown frame type "link"/],
		[
			'a stream_start from the app',
			() => v3Message('stream_start', undefined),
			/not sent by the app/
		]
	];
	for (const [name, make, reason] of cases) {
		it(name, async () => {
			const client = await connect();
			const frame = make();
			const err = await refusal(client, frame);
			expect(err.data.code).toBe('unsupported');
			expect(err.data.text).toMatch(reason);
			expect(err.reply_to).toBe(frame.id ?? undefined);
			expect(t.logs.some((l) => reason.test(l) && l.includes('v3 frame refused'))).toBe(true);
			await client.roundTrip();
		});
	}

	it('bad JSON and binary frames: an error in no session', async () => {
		const client = await connect();
		const err = await refusal(client, '{"type":');
		expect(err).toMatchObject({
			session: V3_NO_SESSION,
			to: 'user',
			data: { code: 'unsupported' }
		});
		expect(err.data.text).toMatch(/invalid JSON/);
		const from = client.frames.length;
		client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
		const binary = await client.waitFor((f) => f.type === 'error', from);
		expect((binary as V3FrameOf<'error'>).data.text).toMatch(/binary frames/);
		await client.roundTrip();
	});

	it('a message to anyone but hermes: error{offline}', async () => {
		const client = await connect();
		const err = await refusal(client, v3Message('text', { text: 'hi' }, { to: 'bob' }));
		expect(err).toMatchObject({ to: USER, data: { code: 'offline' } });
	});

	it('an error frame from the app is logged, not answered', async () => {
		const client = await connect();
		const appError = { ...v3Example('error'), from: USER, to: 'hermes' };
		client.send(appError);
		await client.roundTrip();
		expect(client.types()).toEqual(['pong']);
		expect(t.logs).toContain('[gateway] v3: the app reported timeout: 处理超时，请稍后再试');
	});
});
