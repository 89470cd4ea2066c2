/**
 * What the Iris v1 decoders refuse, and how: bad JSON, envelopes, versions, unknown types, schema
 * violations, missing required fields and oversized frames, each a typed error and never a throw.
 */
import { describe, expect, it } from 'vitest';
import {
	APP_FRAME_TYPES,
	MAX_FRAME_LENGTH,
	ProtocolEncodeError,
	REQUIRED_FIELDS,
	SERVER_FRAME_TYPES,
	decodeAppFrame,
	decodeServerFrame,
	encodeAppFrame,
	type AppFrame,
	type AppFrameType,
	type ProtocolErrorKind,
	type ServerFrameType
} from '../../src/lib/protocol/iris';
import { clone, decodeAs, rejection, type Direction } from './codec-helpers';
import { appSample, serverSample } from './codec-samples';

describe('rejections never throw and say why', () => {
	it.each([['{"v":1,'], ['not json'], [''], ['{"v":1,"type":"ping"}}'], ["{'v':1}"]])(
		'invalid JSON %j → json',
		(text) => {
			const error = rejection(decodeServerFrame(text));
			expect(error.kind).toBe('json');
			expect(error.excerpt).toBe(text);
			expect(rejection(decodeAppFrame(text)).kind).toBe('json');
		}
	);

	it.each([['[]'], ['[{"v":1,"type":"ping"}]'], ['null'], ['1'], ['"message"'], ['true']])(
		'non-object %s → envelope',
		(text) => {
			expect(rejection(decodeServerFrame(text)).kind).toBe('envelope');
			expect(rejection(decodeAppFrame(text)).kind).toBe('envelope');
		}
	);

	it.each([['{"v":1,"payload":{}}'], ['{"v":1,"type":5}'], ['{"v":1,"type":null,"id":3}']])(
		'missing or non-string type %s → envelope',
		(text) => {
			expect(rejection(decodeServerFrame(text)).kind).toBe('envelope');
		}
	);

	it.each([
		['{"v":2,"type":"message.update","payload":{"message_id":"m","text":"t"}}'],
		['{"type":"message.update","payload":{"message_id":"m","text":"t"}}'],
		['{"v":"1","type":"agent.idle"}'],
		['{"v":0,"type":"agent.idle"}'],
		['{"v":null,"type":"agent.idle"}']
	])('wrong or missing version %s → version', (text) => {
		const error = rejection(decodeServerFrame(text));
		expect(error.kind).toBe('version');
		expect(error.type).toBe(JSON.parse(text).type);
	});

	it.each([['message.teleport'], [''], ['MESSAGE'], ['hello'], ['media.upload.start']])(
		'unknown server→app type %j → unknown_type, recorded',
		(type) => {
			const error = rejection(
				decodeServerFrame(JSON.stringify({ v: 1, type, id: 4, payload: {} }))
			);
			expect(error).toMatchObject({ kind: 'unknown_type', type, id: 4 });
		}
	);

	it.each([['hello.ack'], ['message.update'], ['sync.done'], ['future.thing']])(
		'unknown app→server type %j → unknown_type',
		(type) => {
			expect(rejection(decodeAppFrame(JSON.stringify({ v: 1, type, payload: {} }))).kind).toBe(
				'unknown_type'
			);
		}
	);

	// Regression: these names were looked up on Object.prototype and made decode throw.
	it.each([['constructor'], ['__proto__'], ['toString'], ['hasOwnProperty'], ['valueOf']])(
		'a type named like an Object.prototype member (%s) is unknown_type in both directions',
		(type) => {
			const text = `{"v":1,"type":${JSON.stringify(type)},"payload":{}}`;
			expect(rejection(decodeServerFrame(text)).kind).toBe('unknown_type');
			expect(rejection(decodeAppFrame(text)).kind).toBe('unknown_type');
			expect(() => encodeAppFrame({ v: 1, type, payload: {} } as unknown as AppFrame)).toThrow(
				ProtocolEncodeError
			);
		}
	);

	it.each<[string, Direction, string, RegExp]>([
		[
			'message.update text as number',
			'server_to_app',
			'{"v":1,"type":"message.update","payload":{"message_id":"m1","text":42}}',
			/payload\/text/
		],
		[
			'hello.ack channels not an array',
			'server_to_app',
			'{"v":1,"type":"hello.ack","payload":{"channels":{"chat_id":"c"}}}',
			/payload\/channels/
		],
		[
			'hello.ack channel kind not in enum',
			'server_to_app',
			'{"v":1,"type":"hello.ack","payload":{"channels":[{"chat_id":"c","kind":"dm"}]}}',
			/payload\/channels\/0\/kind/
		],
		[
			'agent.busy reason not in enum',
			'server_to_app',
			'{"v":1,"type":"agent.busy","payload":{"reason":"sleeping"}}',
			/payload\/reason/
		],
		[
			'error code not in enum',
			'server_to_app',
			'{"v":1,"type":"error","id":7,"payload":{"code":"teapot","message":"x"}}',
			/payload\/code/
		],
		[
			'tool.start index not an integer',
			'server_to_app',
			'{"v":1,"type":"tool.start","payload":{"index":1.5}}',
			/payload\/index/
		],
		[
			'channel.created ($ref payload) chat_id as number',
			'server_to_app',
			'{"v":1,"type":"channel.created","payload":{"chat_id":7}}',
			/payload\/chat_id/
		],
		[
			'media.offer kind not in enum',
			'server_to_app',
			'{"v":1,"type":"media.offer","payload":{"media_id":"m","kind":"gif"}}',
			/payload\/kind/
		],
		[
			'message media item size as string',
			'server_to_app',
			'{"v":1,"type":"message","payload":{"message_id":"m","media":[{"media_id":"x","size":"9"}]}}',
			/payload\/media\/0\/size/
		],
		[
			'search.results hits not an array',
			'server_to_app',
			'{"v":1,"type":"search.results","payload":{"hits":"none"}}',
			/payload\/hits/
		],
		[
			'payload not an object',
			'server_to_app',
			'{"v":1,"type":"agent.idle","payload":[]}',
			/payload/
		],
		['payload null', 'server_to_app', '{"v":1,"type":"typing","payload":null}', /payload/],
		[
			'envelope id as string',
			'server_to_app',
			'{"v":1,"type":"pong","id":"3","payload":{}}',
			/\bid\b/
		],
		[
			'envelope chat_id as number',
			'server_to_app',
			'{"v":1,"type":"typing","chat_id":7,"payload":{"on":true}}',
			/chat_id/
		],
		[
			'history limit above 200',
			'app_to_server',
			'{"v":1,"type":"history","id":3,"payload":{"limit":500}}',
			/payload\/limit/
		],
		[
			'media.upload.start kind not in enum',
			'app_to_server',
			'{"v":1,"type":"media.upload.start","payload":{"media_ref":"r","kind":"gif","size":1}}',
			/payload\/kind/
		],
		[
			'message.send media_refs items not strings',
			'app_to_server',
			'{"v":1,"type":"message.send","payload":{"text":"x","media_refs":[1]}}',
			/payload\/media_refs\/0/
		]
	])('%s → invalid, naming the field', (_name, direction, text, field) => {
		const error = rejection(decodeAs(direction, text));
		expect(error.kind).toBe('invalid');
		expect(error.message).toMatch(field);
		expect(error.type).toBe(JSON.parse(text).type);
	});

	const requiredCases = [
		...SERVER_FRAME_TYPES.flatMap((type) =>
			(REQUIRED_FIELDS.server_to_app[type] ?? []).map(
				(field) => ['server_to_app', type, field] as const
			)
		),
		...APP_FRAME_TYPES.flatMap((type) =>
			(REQUIRED_FIELDS.app_to_server[type] ?? []).map(
				(field) => ['app_to_server', type, field] as const
			)
		)
	];

	it('covers a required field in most frame types', () => {
		expect(requiredCases.length).toBeGreaterThan(30);
	});

	it.each(requiredCases)('%s %s without %s → invalid', (direction, type, field) => {
		const sample = clone(
			direction === 'server_to_app'
				? serverSample(type as ServerFrameType)
				: appSample(type as AppFrameType)
		);
		const payload = sample.payload as Record<string, unknown>;
		expect(payload).toHaveProperty(field);
		delete payload[field];
		const error = rejection(decodeAs(direction, JSON.stringify({ ...sample, id: 77 })));
		expect(error.kind).toBe('invalid');
		expect(error.message).toContain(field);
		expect(error.id).toBe(77);
	});

	it('rejects a frame longer than the limit before parsing it → too_large', () => {
		const big = JSON.stringify({
			v: 1,
			type: 'message.update',
			id: 5,
			payload: { message_id: 'm', text: 'x'.repeat(MAX_FRAME_LENGTH) }
		});
		const error = rejection(decodeServerFrame(big));
		expect(error.kind).toBe('too_large');
		expect(error.excerpt.length).toBeLessThanOrEqual(200);
		expect(rejection(decodeAppFrame('{"v":1,"type":"ping","payload":{}}', 10)).kind).toBe(
			'too_large'
		);
		const exact = '{"v":1,"type":"ping","payload":{}}';
		expect(decodeAppFrame(exact, exact.length).ok).toBe(true);
	});

	it.each<[ProtocolErrorKind, string]>([
		['envelope', '{"v":1,"id":8}'],
		['version', '{"v":3,"type":"ping","id":8}'],
		['unknown_type', '{"v":1,"type":"nope","id":8}'],
		['invalid', '{"v":1,"type":"message.update","id":8,"payload":{}}']
	])('reports the request id on %s errors', (kind, text) => {
		expect(rejection(decodeServerFrame(text))).toMatchObject({ kind, id: 8 });
	});

	it('does not report a non-integer id', () => {
		expect(rejection(decodeServerFrame('{"v":2,"type":"ping","id":"8"}')).id).toBeUndefined();
		expect(rejection(decodeServerFrame('{"v":2,"type":"ping","id":1.5}')).id).toBeUndefined();
	});

	it('keeps at most 200 characters of the raw text', () => {
		const error = rejection(decodeServerFrame(`{"v":1,"type":"x","payload":"${'y'.repeat(500)}"}`));
		expect(error.excerpt).toHaveLength(200);
	});
});
