/**
 * The v3 adapter, outbound and ordering: the app's messages back to the spec examples, the sender
 * id, and the order of frames within one second (v3 times have whole seconds).
 */
import { describe, expect, it } from 'vitest';
import { encodeV3Frame } from '../../src/lib/protocol/hermes-v3';
import { fromV3 } from '../../src/lib/connection/v3/inbound';
import { toV3Messages, v3Media } from '../../src/lib/connection/v3/outbound';
import { userIdFor } from '../../src/lib/connection/v3/identity';
import { SessionOrder } from '../../src/lib/connection/v3/order';
import { SPEC } from './support/v3-spec-examples';
import { context, decoded } from './v3-adapter-helpers';

describe('domain → v3 (back to the spec examples)', () => {
	const base = { session: 'abc-123-def', from: 'admin', now: 1719123456_789 };

	it('a text message is the spec example, seconds in ts', () => {
		const [frame] = toV3Messages({ ...base, id: 'msg_001', text: '帮我写个快速排序' });
		expect(frame).toEqual(SPEC.textFromApp);
		expect(() => encodeV3Frame(frame!, 'app_to_server')).not.toThrow();
	});

	it.each([
		['image', SPEC.image, { kind: 'image', width: 1920, height: 1080 }],
		['voice', SPEC.voice, { kind: 'voice', duration: 15.2 }],
		['video', SPEC.video, { kind: 'video', width: 1920, height: 1080, duration: 30 }],
		['file', SPEC.file, { kind: 'document' }]
	] as const)('an %s message is the spec example with the table fields', (_t, example, extra) => {
		const m = example.data.media;
		const [frame] = toV3Messages({
			...base,
			id: example.id,
			text: example.data.text,
			media: [{ id: m.id, name: m.name ?? 'voice.aac', mime: m.type, size: m.size, ...extra }]
		});
		expect(frame).toEqual(example);
		expect(() => encodeV3Frame(frame!, 'app_to_server')).not.toThrow();
	});

	it('sends 0 for a dimension it could not measure, and several attachments as several messages', () => {
		expect(
			v3Media('image', { kind: 'image', id: 'm', name: 'a.png', mime: 'image/png', size: 1 })
		).toEqual({
			id: 'm',
			name: 'a.png',
			type: 'image/png',
			size: 1,
			width: 0,
			height: 0
		});
		const frames = toV3Messages({
			...base,
			id: 'c1',
			text: 'two',
			reply_to: 'msg_002',
			media: [
				{ kind: 'image', id: 'm1', name: 'a.png', mime: 'image/png', size: 1, width: 2, height: 3 },
				{ kind: 'document', id: 'm2', name: 'b.txt', mime: 'text/plain', size: 4 }
			]
		});
		expect(frames.map((f) => [f.type, 'id' in f && f.id])).toEqual([
			['image', 'c1'],
			['file', 'c1-1']
		]);
		expect(frames[0]).toMatchObject({ reply_to: 'msg_002', data: { text: 'two' } });
		expect((frames[1] as { data: object }).data).not.toHaveProperty('text');
	});

	it('from is the JWT sub when there is one, else the setting, else "app"', () => {
		const jwt = (sub: unknown) =>
			`x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`;
		expect(userIdFor(jwt('admin'), 'me')).toBe('admin');
		expect(userIdFor(jwt(42), 'me')).toBe('me');
		expect(userIdFor('plain-token', ' me ')).toBe('me');
		expect(userIdFor('plain-token')).toBe('app');
	});
});

describe('order within a second (v3 ts has whole seconds)', () => {
	it('keeps arrival order in a session and after our own message; older times stay', () => {
		const order = new SessionOrder();
		order.seen('s', 1_000_700); // our question, 700 ms into the second
		expect(order.place('s', 1_000_000)).toBe(1_000_701); // the reply of that second
		expect(order.place('s', 1_000_000)).toBe(1_000_702); // a file after it
		expect(order.place('s', 998_000)).toBe(998_000); // a held message from before
		expect(order.place('t', 1_000_000)).toBe(1_000_000); // another session
		expect(order.place('s', 1_002_000)).toBe(1_002_000);
	});

	it('a stream and the file after it keep their order through the mapping', () => {
		const ctx = { ...context(), order: new SessionOrder() };
		const start = fromV3(decoded(SPEC.streamStart), ctx).frames[0];
		fromV3(decoded(SPEC.streamEnd), ctx);
		const file = fromV3(decoded({ ...SPEC.file, from: 'hermes', ts: 1719123457 }), ctx).frames[0];
		const tsOf = (f: unknown) => (f as { payload: { ts: number } }).payload.ts;
		expect(tsOf(file)).toBeGreaterThan(tsOf(start));
	});
});
