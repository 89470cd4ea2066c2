/**
 * The v3 adapter, inbound: each spec example mapped to the app's domain events (messages, media,
 * streams, errors, heartbeats), and what the codec or the mapping refuses.
 */
import { describe, expect, it } from 'vitest';
import { decodeV3Frame, type V3Frame } from '../../src/lib/protocol/hermes-v3';
import { fromV3 } from '../../src/lib/connection/v3/inbound';
import { SPEC } from './support/v3-spec-examples';
import { context, decoded } from './v3-adapter-helpers';

describe('v3 → domain events (spec examples)', () => {
	it('maps an agent text to a message with ms time and reply_to, and names what it answers', () => {
		const out = fromV3(decoded(SPEC.textFromAgent), context('admin'));
		expect(out.frames).toEqual([
			{
				v: 1,
				type: 'message',
				chat_id: 'abc-123-def',
				payload: {
					message_id: 'msg_002',
					role: 'assistant',
					text: '好的，马上处理',
					ts: 1719123457000,
					reply_to: 'msg_001'
				}
			}
		]);
		expect(out.replyTo).toBe('msg_001');
	});

	it("maps the user's own text (another device) to a user message", () => {
		const out = fromV3(decoded(SPEC.textFromApp), context('admin'));
		expect(out.frames[0]).toMatchObject({
			type: 'message',
			payload: { message_id: 'msg_001', role: 'user', text: '帮我写个快速排序', ts: 1719123456000 }
		});
		expect(out.replyTo).toBeUndefined();
	});

	it.each([
		[
			'image',
			SPEC.image,
			{
				media_id: 'med_a1b2c3',
				kind: 'image',
				mime: 'image/jpeg',
				size: 245760,
				filename: 'photo.jpg'
			}
		],
		[
			'voice',
			SPEC.voice,
			{ media_id: 'med_d4e5f6', kind: 'voice', mime: 'audio/aac', size: 48000 }
		],
		[
			'video',
			SPEC.video,
			{
				media_id: 'med_g7h8i9',
				kind: 'video',
				mime: 'video/mp4',
				size: 5242880,
				filename: 'demo.mp4'
			}
		],
		[
			'file',
			SPEC.file,
			{
				media_id: 'med_j0k1l2',
				kind: 'document',
				mime: 'text/csv',
				size: 10240,
				filename: 'sales.csv'
			}
		]
	])('maps %s to a message with its media ref and caption', (_type, example, ref) => {
		const out = fromV3(decoded(example), context());
		expect(out.frames).toHaveLength(1);
		expect(out.frames[0]).toEqual({
			v: 1,
			type: 'message',
			chat_id: 'abc-123-def',
			payload: {
				message_id: example.id,
				role: 'assistant',
				text: example.data.text,
				ts: 1719123456000,
				media: [ref]
			}
		});
	});

	it('streams: start opens, each stream appends (its own characters out), end closes with reply_to', () => {
		const ctx = context('admin');
		expect(fromV3(decoded(SPEC.streamStart), ctx)).toEqual({
			frames: [
				{
					v: 1,
					type: 'message.start',
					chat_id: 'abc-123-def',
					payload: { message_id: 'str_001', role: 'assistant', ts: 1719123457000 }
				}
			],
			replyTo: 'msg_001'
		});
		fromV3(decoded(SPEC.stream), ctx);
		const second = fromV3(decoded({ ...SPEC.stream, data: { text: '思路是分治' } }), ctx);
		expect(second.frames).toEqual([
			{
				v: 1,
				type: 'message.append',
				chat_id: 'abc-123-def',
				payload: { message_id: 'str_001', text: '思路是分治' }
			}
		]);
		expect(fromV3(decoded(SPEC.streamEnd), ctx).frames).toEqual([
			{
				v: 1,
				type: 'message.stop',
				chat_id: 'abc-123-def',
				payload: { message_id: 'str_001', final_text: '快速排序的思路是分治' }
			},
			{
				v: 1,
				type: 'message',
				chat_id: 'abc-123-def',
				payload: { message_id: 'str_001', text: '快速排序的思路是分治', reply_to: 'msg_001' }
			}
		]);
		expect(ctx.streams.size).toBe(0);
	});

	it('a stream without stream_start opens a bubble of its own', () => {
		const ctx = context();
		const out = fromV3(decoded(SPEC.stream), ctx);
		expect(out.frames.map((f) => f.type)).toEqual(['message.start', 'message.append']);
		expect(out.frames[1]).toMatchObject({ payload: { message_id: 'uuid-1', text: '快速排序的' } });
		expect(fromV3(decoded(SPEC.streamEnd), ctx).frames[0]).toMatchObject({
			type: 'message.stop',
			payload: { message_id: 'uuid-1', final_text: '快速排序的' }
		});
	});

	it('a surrogate pair cut between two stream parts is appended whole, with the second part', () => {
		const ctx = context();
		const part = (text: string) =>
			fromV3(decoded({ ...SPEC.stream, data: { text } }), ctx).frames.at(-1)?.payload;
		expect(part('smile \ud83d')).toMatchObject({ text: 'smile ' });
		expect(part('\ude00 done')).toMatchObject({ text: '😀 done' });
		expect(fromV3(decoded(SPEC.streamEnd), ctx).frames[0]).toMatchObject({
			payload: { final_text: 'smile 😀 done' }
		});
	});

	it('a file after an unclosed stream closes the stream first (never left streaming)', () => {
		const ctx = context();
		fromV3(decoded(SPEC.streamStart), ctx);
		const out = fromV3(decoded(SPEC.file), ctx);
		expect(out.frames.map((f) => f.type)).toEqual(['message.stop', 'message', 'message']);
	});

	it('maps error codes to a human message (the frame text, else the code meaning)', () => {
		const out = fromV3(decoded(SPEC.error), context());
		expect(out.frames).toEqual([
			{
				v: 1,
				type: 'error',
				chat_id: 'abc-123-def',
				payload: { code: 'internal', message: '处理超时，请稍后再试' }
			}
		]);
		expect(out.replyTo).toBe('msg_001');
		expect(out.refused).toEqual(out.frames[0]);
		const bare = { ...SPEC.error, data: { code: 'file_too_large' } };
		expect(fromV3(decoded(bare), context()).frames[0]).toMatchObject({
			payload: { code: 'media_too_large', message: 'The file is larger than the gateway accepts.' }
		});
		const rate = { ...SPEC.error, data: { code: 'rate_limited' } };
		expect(fromV3(decoded(rate), context()).frames[0]).toMatchObject({
			payload: { code: 'rate_limited', message: expect.stringMatching(/too many/i) }
		});
	});

	it('ping and pong produce no event, only the heartbeat signal', () => {
		expect(fromV3(decoded(SPEC.ping), context())).toEqual({ frames: [], ping: true });
		expect(fromV3(decoded(SPEC.pong), context())).toEqual({ frames: [], pong: true });
	});

	it('an unknown type or a missing data is rejected by the codec (recorded, no event)', () => {
		const unknown = decodeV3Frame(
			JSON.stringify({ ...SPEC.textFromAgent, type: 'link' }),
			'server_to_app'
		);
		expect(unknown.ok).toBe(false);
		if (!unknown.ok) expect(unknown.error.kind).toBe('unknown_type');
		const missing = decodeV3Frame(
			JSON.stringify({ ...SPEC.textFromAgent, data: undefined }),
			'server_to_app'
		);
		expect(missing.ok).toBe(false);
		const streamNoData = JSON.stringify({ ...SPEC.stream, data: undefined });
		expect(decodeV3Frame(streamNoData, 'server_to_app').ok).toBe(false);
	});

	it('the mapping itself skips an unknown type and a stream without text, saying why', () => {
		const ctx = context();
		const unknown = fromV3({ type: 'link' } as unknown as V3Frame, ctx);
		expect(unknown).toEqual({ frames: [], problem: 'unknown v3 frame type "link"' });
		const empty = fromV3({ type: 'stream', session: 's' } as unknown as V3Frame, ctx);
		expect(empty.frames).toEqual([]);
		expect(empty.problem).toMatch(/without data/);
		expect(ctx.streams.size).toBe(0);
		const noMedia = fromV3({ type: 'image', id: 'x', session: 's', data: {} } as V3Frame, ctx);
		expect(noMedia).toMatchObject({ frames: [], problem: expect.stringMatching(/media/) });
	});
});
