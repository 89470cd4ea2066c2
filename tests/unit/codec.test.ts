import { describe, expect, it } from 'vitest';
import spec from '../../spec/iris-protocol-v1.schema.json';
import { prng } from './support/prng';
import {
	APP_FRAME_TYPES,
	MAX_FRAME_LENGTH,
	ProtocolEncodeError,
	REQUIRED_FIELDS,
	SERVER_FRAME_TYPES,
	decodeAppFrame,
	decodeServerFrame,
	encodeAppFrame,
	encodeServerFrame,
	frame,
	type AppFrame,
	type AppFrameOf,
	type AppFrameType,
	type DecodeResult,
	type ProtocolErrorKind,
	type ServerFrame,
	type ServerFrameOf,
	type ServerFrameType
} from '../../src/lib/protocol/iris';

type Direction = 'server_to_app' | 'app_to_server';
type PayloadSpec = Record<string, unknown> & { $ref?: string };
const frameTypes = spec.frame_types as unknown as Record<
	Direction,
	Record<string, { payload: PayloadSpec }>
>;
const definitions = spec.definitions as unknown as Record<
	string,
	{ properties: Record<string, unknown> }
>;

// ---------------------------------------------------------------------------------------------
// Samples: one realistic frame per type and direction, every payload field filled.
// ---------------------------------------------------------------------------------------------

const CHAT = 'android:chan_7';
const THREAD = 'android:chan_7:thr_2';

const SERVER_SAMPLES: { [T in ServerFrameType]: ServerFrameOf<T> } = {
	'hello.ack': {
		v: 1,
		type: 'hello.ack',
		id: 1,
		payload: {
			server_caps: {
				streaming: true,
				reasoning: true,
				tools: true,
				media: true,
				search: true,
				push: 'fcm',
				pickers: true,
				vapid_public_key:
					'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
			},
			sync_cursor: 4182,
			channels: [
				{
					chat_id: 'android:default',
					name: 'General',
					kind: 'default',
					parent_chat_id: null,
					is_default: true
				},
				{
					chat_id: CHAT,
					name: 'Research',
					kind: 'channel',
					parent_chat_id: null,
					is_default: false
				},
				{
					chat_id: THREAD,
					name: 'Sources',
					kind: 'thread',
					parent_chat_id: CHAT,
					is_default: false
				}
			]
		}
	},
	message: {
		v: 1,
		type: 'message',
		id: 5,
		chat_id: CHAT,
		thread_id: THREAD,
		payload: {
			message_id: 'msg_01HZX3K9',
			role: 'assistant',
			text: 'Here is the **summary** you asked for:\n\n- one\n- two',
			reasoning: 'The user wants a short list.',
			media: [
				{
					media_id: 'med_42',
					kind: 'image',
					mime: 'image/png',
					size: 48213,
					filename: 'chart.png'
				}
			],
			reply_to: 'msg_01HZX3K0',
			model: 'claude-sonnet-4',
			tokens: 812,
			ts: 1732896000123,
			client_msg_id: '6f1c2a4e-7b1d-4c3e-9a5f-0d2e8b7c6a91'
		}
	},
	'message.start': {
		v: 1,
		type: 'message.start',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', role: 'assistant', ts: 1732896001000 }
	},
	'message.update': {
		v: 1,
		type: 'message.update',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', text: 'Thinking about it, the answer is' }
	},
	'message.stop': {
		v: 1,
		type: 'message.stop',
		chat_id: CHAT,
		payload: {
			message_id: 'msg_01HZX3KA',
			final_text: 'Thinking about it, the answer is 42.',
			reasoning: 'Arithmetic.',
			model: 'claude-sonnet-4',
			tokens: 97
		}
	},
	commentary: {
		v: 1,
		type: 'commentary',
		chat_id: CHAT,
		payload: { message_id: 'msg_01HZX3KA', text: 'Let me check the docs first.' }
	},
	'tool.start': {
		v: 1,
		type: 'tool.start',
		chat_id: CHAT,
		payload: {
			index: 0,
			name: 'web_search',
			preview: 'web_search("iris protocol")',
			args: { query: 'iris protocol', max_results: 5, safe: true },
			message_id: 'msg_01HZX3KA'
		}
	},
	'tool.progress': {
		v: 1,
		type: 'tool.progress',
		chat_id: CHAT,
		payload: { index: 0, name: 'web_search', note: '3 of 5 results', message_id: 'msg_01HZX3KA' }
	},
	'tool.end': {
		v: 1,
		type: 'tool.end',
		chat_id: CHAT,
		payload: {
			index: 0,
			name: 'web_search',
			ok: true,
			duration: 1.25,
			output_preview: '5 results',
			message_id: 'msg_01HZX3KA'
		}
	},
	typing: { v: 1, type: 'typing', chat_id: CHAT, payload: { on: true } },
	notification: {
		v: 1,
		type: 'notification',
		payload: {
			kind: 'cron',
			title: 'Daily digest',
			body: 'Your morning summary is ready.',
			ts: 1732896002000
		}
	},
	'picker.model': {
		v: 1,
		type: 'picker.model',
		id: 9,
		payload: {
			picker_id: 'pk_model_1',
			current_model: 'claude-sonnet-4',
			current_provider: 'anthropic',
			providers: [
				{
					id: 'anthropic',
					label: 'Anthropic',
					models: [
						{ id: 'claude-sonnet-4', label: 'Claude Sonnet 4' },
						{ id: 'claude-opus-4', label: 'Claude Opus 4' }
					]
				},
				{ id: 'local', label: 'Local', models: [{ id: 'llama-3-8b', label: 'Llama 3 8B' }] }
			]
		}
	},
	'picker.choice': {
		v: 1,
		type: 'picker.choice',
		payload: {
			picker_id: 'pk_choice_1',
			title: 'Reasoning effort',
			choices: [
				{ value: 'low', label: 'Low', is_current: false },
				{ value: 'high', label: 'High', is_current: true }
			]
		}
	},
	'picker.clarify': {
		v: 1,
		type: 'picker.clarify',
		chat_id: CHAT,
		payload: {
			picker_id: 'pk_clarify_1',
			question: 'Which environment?',
			choices: [
				{ value: 'staging', label: 'Staging' },
				{ value: 'prod', label: 'Production' }
			]
		}
	},
	'picker.approval': {
		v: 1,
		type: 'picker.approval',
		chat_id: CHAT,
		payload: {
			picker_id: 'pk_approval_1',
			command: 'rm -rf ./build',
			description: 'Delete the build directory'
		}
	},
	'picker.confirm': {
		v: 1,
		type: 'picker.confirm',
		payload: {
			picker_id: 'pk_confirm_1',
			title: 'Reset session?',
			message: 'This clears the conversation context.'
		}
	},
	'channel.list': {
		v: 1,
		type: 'channel.list',
		id: 11,
		payload: {
			channels: [
				{
					chat_id: 'android:default',
					name: 'General',
					kind: 'default',
					parent_chat_id: null,
					is_default: true
				},
				{
					chat_id: THREAD,
					name: 'Sources',
					kind: 'thread',
					parent_chat_id: CHAT,
					is_default: false
				}
			]
		}
	},
	'channel.created': {
		v: 1,
		type: 'channel.created',
		id: 12,
		payload: {
			chat_id: 'android:chan_8',
			name: 'Ideas',
			kind: 'channel',
			parent_chat_id: null,
			is_default: false
		}
	},
	'channel.renamed': {
		v: 1,
		type: 'channel.renamed',
		payload: { chat_id: CHAT, name: 'Deep research' }
	},
	'channel.deleted': { v: 1, type: 'channel.deleted', payload: { chat_id: 'android:chan_8' } },
	history: {
		v: 1,
		type: 'history',
		id: 14,
		chat_id: CHAT,
		payload: {
			messages: [
				{
					message_id: 'msg_01',
					role: 'user',
					text: 'What is the capital of Peru?',
					reasoning: '',
					model: '',
					tokens: 9,
					ts: 1732800000000
				},
				{
					message_id: 'msg_02',
					role: 'assistant',
					text: 'Lima.',
					reasoning: 'Well known.',
					model: 'claude-sonnet-4',
					tokens: 4,
					ts: 1732800001000
				}
			],
			has_more: true,
			oldest_message_id: 'msg_01'
		}
	},
	'commands.catalog': {
		v: 1,
		type: 'commands.catalog',
		id: 15,
		payload: {
			commands: [
				{ name: '/model', description: 'Switch model', args_hint: '[name]', category: 'session' },
				{ name: '/reset', description: 'Start over', args_hint: '', category: 'session' }
			]
		}
	},
	'commands.complete': {
		v: 1,
		type: 'commands.complete',
		id: 16,
		payload: {
			prefix: '/mo',
			matches: [{ name: '/model', description: 'Switch model', args_hint: '[name]' }]
		}
	},
	'agent.busy': { v: 1, type: 'agent.busy', chat_id: CHAT, payload: { reason: 'tool' } },
	'agent.idle': { v: 1, type: 'agent.idle', chat_id: CHAT, payload: {} },
	'search.results': {
		v: 1,
		type: 'search.results',
		id: 17,
		payload: {
			query: 'lima',
			scope: 'all',
			hits: [
				{
					message_id: 'msg_02',
					chat_id: CHAT,
					thread_id: null,
					role: 'assistant',
					snippet: '<b>Lima</b>.',
					ts: 1732800001000
				},
				{
					message_id: 'msg_77',
					chat_id: CHAT,
					thread_id: THREAD,
					role: 'user',
					snippet: 'flights to lima',
					ts: 1732800009000
				}
			]
		}
	},
	'media.offer': {
		v: 1,
		type: 'media.offer',
		chat_id: CHAT,
		payload: {
			media_id: 'med_43',
			kind: 'voice',
			mime: 'audio/ogg',
			size: 20480,
			filename: 'reply.ogg'
		}
	},
	status: {
		v: 1,
		type: 'status',
		payload: { state: 'degraded', session: { model: 'claude-sonnet-4', queue: 2 } }
	},
	error: {
		v: 1,
		type: 'error',
		id: 18,
		payload: { code: 'rate_limited', message: 'Too many requests; retry in 10 s.' }
	},
	pong: { v: 1, type: 'pong', id: 19, payload: { ts: 1732896003000 } },
	'sync.done': { v: 1, type: 'sync.done', id: 20, payload: { cursor: 4190 } },
	'media.pull.end': { v: 1, type: 'media.pull.end', id: 21, payload: { ok: true } },
	'read.receipt': {
		v: 1,
		type: 'read.receipt',
		chat_id: CHAT,
		payload: { chat_id: CHAT, message_id: 'msg_02' }
	}
};

const APP_SAMPLES: { [T in AppFrameType]: AppFrameOf<T> } = {
	hello: {
		v: 1,
		type: 'hello',
		id: 1,
		payload: {
			token: 'tok_9f8e7d6c5b4a',
			device_id: 'b3f1c9e2-4d5a-4e6f-8a7b-9c0d1e2f3a4b',
			device_name: 'Firefox on Linux',
			caps: { min_protocol: 1, media: true, push: 'ntfy' },
			fcm_token: '{"endpoint":"https://push.example/abc","keys":{"p256dh":"x","auth":"y"}}',
			ntfy_topic: 'iris-3f9a'
		}
	},
	'message.send': {
		v: 1,
		type: 'message.send',
		id: 2,
		chat_id: CHAT,
		thread_id: THREAD,
		payload: {
			text: 'Summarise the attached report, please.',
			reply_to: 'msg_02',
			media_refs: ['2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c'],
			client_msg_id: '6f1c2a4e-7b1d-4c3e-9a5f-0d2e8b7c6a91'
		}
	},
	'media.upload.start': {
		v: 1,
		type: 'media.upload.start',
		id: 3,
		payload: {
			media_ref: '2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c',
			kind: 'document',
			mime: 'application/pdf',
			size: 183402,
			filename: 'report.pdf'
		}
	},
	'media.upload.end': {
		v: 1,
		type: 'media.upload.end',
		id: 4,
		payload: {
			media_ref: '2c6f0e8a-1b3d-4f5e-9a7c-8d6e5f4a3b2c',
			sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
		}
	},
	'media.pull': { v: 1, type: 'media.pull', id: 5, payload: { media_id: 'med_43' } },
	'picker.select': {
		v: 1,
		type: 'picker.select',
		id: 6,
		payload: { picker_id: 'pk_model_1', value: 'claude-opus-4' }
	},
	'channel.create': {
		v: 1,
		type: 'channel.create',
		id: 7,
		payload: { name: 'Sources', kind: 'thread', parent_chat_id: CHAT }
	},
	'channel.rename': {
		v: 1,
		type: 'channel.rename',
		id: 8,
		chat_id: CHAT,
		payload: { name: 'Deep research' }
	},
	'channel.set_default': {
		v: 1,
		type: 'channel.set_default',
		id: 9,
		chat_id: CHAT,
		payload: {}
	},
	'channel.delete': { v: 1, type: 'channel.delete', id: 10, chat_id: CHAT, payload: {} },
	search: {
		v: 1,
		type: 'search',
		id: 11,
		payload: { query: 'lima', scope: 'chat', chat_id: CHAT, thread_id: THREAD }
	},
	history: {
		v: 1,
		type: 'history',
		id: 12,
		chat_id: CHAT,
		payload: { before_message_id: 'msg_02', limit: 50 }
	},
	'commands.catalog': { v: 1, type: 'commands.catalog', id: 13, payload: {} },
	'commands.complete': { v: 1, type: 'commands.complete', id: 14, payload: { prefix: '/mo' } },
	'agent.stop': { v: 1, type: 'agent.stop', id: 15, chat_id: CHAT, payload: {} },
	'agent.steer': {
		v: 1,
		type: 'agent.steer',
		id: 16,
		chat_id: CHAT,
		payload: { text: 'Focus on the 2024 numbers only.' }
	},
	'read.receipt': {
		v: 1,
		type: 'read.receipt',
		chat_id: CHAT,
		payload: { chat_id: CHAT, message_id: 'msg_02' }
	},
	sync: { v: 1, type: 'sync', id: 17, payload: { cursor: 4182 } },
	'fcm.register': {
		v: 1,
		type: 'fcm.register',
		id: 18,
		payload: {
			fcm_token: '{"endpoint":"https://push.example/abc","keys":{"p256dh":"x","auth":"y"}}',
			ntfy_topic: 'iris-3f9a'
		}
	},
	ping: { v: 1, type: 'ping', payload: { ts: 1732896003000 } }
};

const serverSample = (type: ServerFrameType): ServerFrame => SERVER_SAMPLES[type] as ServerFrame;
const appSample = (type: AppFrameType): AppFrame => APP_SAMPLES[type] as AppFrame;
const clone = <T>(value: T): T => structuredClone(value);

/** The payload keys the spec lists for a frame (a bare `$ref` payload resolved). */
function specPayloadKeys(direction: Direction, type: string): string[] {
	const payload = frameTypes[direction][type]!.payload;
	if (payload.$ref) return Object.keys(definitions[payload.$ref.split('/').pop()!]!.properties);
	return Object.keys(payload);
}

/** Decode with the decoder for `direction` (what the receiving side uses). */
function decodeAs(direction: Direction, text: string): DecodeResult<ServerFrame | AppFrame> {
	return direction === 'server_to_app' ? decodeServerFrame(text) : decodeAppFrame(text);
}

function rejection(result: DecodeResult<unknown>) {
	if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.frame)}`);
	return result.error;
}

// ---------------------------------------------------------------------------------------------

describe('frame type lists', () => {
	it('SERVER_FRAME_TYPES are the schema server_to_app types plus the inbound read.receipt', () => {
		expect(new Set(SERVER_FRAME_TYPES).size).toBe(SERVER_FRAME_TYPES.length);
		expect([...SERVER_FRAME_TYPES].sort()).toEqual(
			[...Object.keys(spec.frame_types.server_to_app), 'read.receipt'].sort()
		);
		expect(Object.keys(spec.frame_types.app_to_server)).toContain('read.receipt');
	});

	it('APP_FRAME_TYPES are exactly the schema app_to_server types', () => {
		expect(new Set(APP_FRAME_TYPES).size).toBe(APP_FRAME_TYPES.length);
		expect([...APP_FRAME_TYPES].sort()).toEqual(Object.keys(spec.frame_types.app_to_server).sort());
	});

	it('has one sample per frame type in each direction', () => {
		expect(Object.keys(SERVER_SAMPLES).sort()).toEqual([...SERVER_FRAME_TYPES].sort());
		expect(Object.keys(APP_SAMPLES).sort()).toEqual([...APP_FRAME_TYPES].sort());
	});

	it('REQUIRED_FIELDS only names known frame types', () => {
		const known = new Set<string>([...SERVER_FRAME_TYPES, ...APP_FRAME_TYPES]);
		const named = [
			...Object.keys(REQUIRED_FIELDS.server_to_app),
			...Object.keys(REQUIRED_FIELDS.app_to_server)
		];
		expect(named.filter((t) => !known.has(t))).toEqual([]);
	});
});

describe('round trip: decode(encode(f)) equals f', () => {
	it.each(SERVER_FRAME_TYPES.map((t) => [t]))('server → app: %s', (type) => {
		const f = serverSample(type);
		// Samples fill every payload field the spec lists, so the round trip covers each of them.
		const direction = type === 'read.receipt' ? 'app_to_server' : 'server_to_app';
		for (const key of specPayloadKeys(direction, type)) expect(f.payload).toHaveProperty(key);
		expect(f.type).toBe(type);
		const result = decodeServerFrame(encodeServerFrame(f));
		expect(result).toStrictEqual({ ok: true, frame: f });
	});

	it.each(APP_FRAME_TYPES.map((t) => [t]))('app → server: %s', (type) => {
		const f = appSample(type);
		for (const key of specPayloadKeys('app_to_server', type)) expect(f.payload).toHaveProperty(key);
		expect(f.type).toBe(type);
		const result = decodeAppFrame(encodeAppFrame(f));
		expect(result).toStrictEqual({ ok: true, frame: f });
	});

	it('frame() builds the same envelope as a literal', () => {
		const built = frame(
			'message.update',
			{ message_id: 'msg_01HZX3KA', text: 'Hi' },
			{ chat_id: CHAT }
		);
		expect(built).toStrictEqual({
			v: 1,
			type: 'message.update',
			chat_id: CHAT,
			payload: { message_id: 'msg_01HZX3KA', text: 'Hi' }
		});
		expect(decodeServerFrame(encodeServerFrame(built))).toStrictEqual({ ok: true, frame: built });
	});

	it('treats an absent payload as empty', () => {
		expect(decodeServerFrame('{"v":1,"type":"agent.idle"}')).toStrictEqual({
			ok: true,
			frame: { v: 1, type: 'agent.idle', payload: {} }
		});
	});

	it('accepts and keeps unknown payload and envelope fields', () => {
		const text = JSON.stringify({
			v: 1,
			type: 'message.update',
			trace: 'abc',
			payload: { message_id: 'm1', text: 'x', seq: 7, extra: { nested: true } }
		});
		const result = decodeServerFrame(text);
		expect(result.ok).toBe(true);
		expect(result.ok && result.frame.payload).toStrictEqual({
			message_id: 'm1',
			text: 'x',
			seq: 7,
			extra: { nested: true }
		});
		expect(decodeAppFrame('{"v":1,"type":"agent.stop","payload":{"reason":"user"}}').ok).toBe(true);
	});
});

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

describe('encode rejects frames that violate the schema', () => {
	it.each<[string, unknown]>([
		['message.send text as number', { v: 1, type: 'message.send', payload: { text: 5 } }],
		['hello without token', { v: 1, type: 'hello', payload: { device_id: 'd' } }],
		['history limit 0', { v: 1, type: 'history', payload: { limit: 0 } }],
		['unknown type', { v: 1, type: 'message.teleport', payload: {} }],
		['server-only type', { v: 1, type: 'hello.ack', payload: {} }],
		['wrong version', { v: 2, type: 'ping', payload: {} }],
		['missing payload', { v: 1, type: 'ping' }]
	])('app: %s', (_name, bad) => {
		expect(() => encodeAppFrame(bad as AppFrame)).toThrow(ProtocolEncodeError);
	});

	it.each<[string, unknown]>([
		['message.update without text', { v: 1, type: 'message.update', payload: { message_id: 'm' } }],
		['agent.busy reason not in enum', { v: 1, type: 'agent.busy', payload: { reason: 'nap' } }],
		['read.receipt without message_id', { v: 1, type: 'read.receipt', payload: { chat_id: 'c' } }],
		['app-only type', { v: 1, type: 'message.send', payload: {} }]
	])('server: %s', (_name, bad) => {
		expect(() => encodeServerFrame(bad as ServerFrame)).toThrow(ProtocolEncodeError);
	});

	it('names the offending field', () => {
		const bad = { v: 1, type: 'message.update', payload: { message_id: 'm', text: 1 } };
		expect(() => encodeServerFrame(bad as unknown as ServerFrame)).toThrow(/payload\/text/);
	});
});

// ---------------------------------------------------------------------------------------------
// Fuzz: seeded mutations of valid frames. decode must never throw, and whatever it accepts must
// be a frame the encoder accepts too (decode and encode agree on the contract).
// ---------------------------------------------------------------------------------------------

const ODD_VALUES: unknown[] = [
	null,
	0,
	-1,
	1.5,
	2 ** 53,
	'',
	'x',
	'💬',
	true,
	false,
	[],
	{},
	[1, 'a', null],
	{ nested: { deeper: [{}] } },
	'x'.repeat(300)
];
const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '', 'v', 'type', 'id'];
const ALL_TYPES = [...new Set<string>([...SERVER_FRAME_TYPES, ...APP_FRAME_TYPES])];

function mutate(rand: () => number, sample: object): string {
	const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
	const f = clone(sample) as Record<string, unknown> & { payload: Record<string, unknown> };
	const keys = (o: object) => Object.keys(o);
	switch (Math.floor(rand() * 10)) {
		case 0: // a payload field gets an odd value
			if (keys(f.payload).length) f.payload[pick(keys(f.payload))] = clone(pick(ODD_VALUES));
			break;
		case 1: // a payload field disappears
			if (keys(f.payload).length) delete f.payload[pick(keys(f.payload))];
			break;
		case 2: // an envelope field gets an odd value or disappears
			if (rand() < 0.5)
				f[pick(['v', 'type', 'id', 'chat_id', 'thread_id', 'payload'])] = pick(ODD_VALUES);
			else delete f[pick(['v', 'type', 'payload'])];
			break;
		case 3: // the frame claims another type, maybe one from Object.prototype
			f.type = pick([...ALL_TYPES, ...ODD_KEYS]);
			break;
		case 4: {
			// an odd key, written into the JSON text so `__proto__` becomes an own property
			const text = JSON.stringify(f);
			const payloadAt = text.indexOf('"payload":{');
			const at = payloadAt >= 0 && rand() < 0.5 ? payloadAt + '"payload":{'.length : 1;
			const entry = `${JSON.stringify(pick(ODD_KEYS))}:${JSON.stringify(pick(ODD_VALUES))}`;
			return `${text.slice(0, at)}${entry}${text[at] === '}' ? '' : ','}${text.slice(at)}`;
		}
		case 5: {
			// text truncated anywhere
			const text = JSON.stringify(f);
			return text.slice(0, Math.floor(rand() * text.length));
		}
		case 6: {
			// one character replaced
			const text = JSON.stringify(f);
			const at = Math.floor(rand() * text.length);
			return (
				text.slice(0, at) +
				pick(['"', '{', '}', '[', ',', ':', '\\', '0', 'x', ' ']) +
				text.slice(at + 1)
			);
		}
		case 7: // a nested array/object inside the payload is replaced or emptied
			for (const key of keys(f.payload)) {
				const value = f.payload[key];
				if (Array.isArray(value)) f.payload[key] = rand() < 0.5 ? [] : [pick(ODD_VALUES)];
				else if (value && typeof value === 'object')
					f.payload[key] = { [pick(ODD_KEYS)]: pick(ODD_VALUES) };
			}
			break;
		case 8: // the whole frame wrapped or replaced
			return JSON.stringify(pick([[f], f.payload, 'frame', null, { frame: f }]));
		default: // two mutations stacked
			return mutate(rand, JSON.parse(mutateObject(rand, f)) as object);
	}
	return JSON.stringify(f);
}

/** A structural mutation that always yields parseable JSON (for stacking). */
function mutateObject(rand: () => number, f: Record<string, unknown>): string {
	const copy = clone(f) as Record<string, unknown>;
	copy[['v', 'type', 'id', 'payload'][Math.floor(rand() * 4)]!] =
		ODD_VALUES[Math.floor(rand() * ODD_VALUES.length)];
	return JSON.stringify(copy);
}

describe('fuzz', () => {
	it('500 seeded mutations of valid frames: decode never throws and agrees with encode', () => {
		const rand = prng(0x1a15);
		const samples: [Direction, object][] = [
			...SERVER_FRAME_TYPES.map((t): [Direction, object] => ['server_to_app', serverSample(t)]),
			...APP_FRAME_TYPES.map((t): [Direction, object] => ['app_to_server', appSample(t)])
		];
		const kinds = new Map<string, number>();
		for (let i = 0; i < 500; i++) {
			const [direction, sample] = samples[Math.floor(rand() * samples.length)]!;
			const text = mutate(rand, sample);
			for (const dir of [
				direction,
				direction === 'server_to_app' ? 'app_to_server' : 'server_to_app'
			] as const) {
				let result: DecodeResult<ServerFrame | AppFrame>;
				try {
					result = decodeAs(dir, text);
				} catch (e) {
					throw new Error(`mutation ${i} (${dir}) threw ${String(e)} on ${text.slice(0, 300)}`, {
						cause: e
					});
				}
				const kind = result.ok ? 'ok' : result.error.kind;
				kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
				if (result.ok) {
					const reencode = () =>
						dir === 'server_to_app'
							? encodeServerFrame(result.frame as ServerFrame)
							: encodeAppFrame(result.frame as AppFrame);
					expect(reencode, `mutation ${i} (${dir}): ${text.slice(0, 300)}`).not.toThrow();
				} else {
					expect(result.error.excerpt).toBe(text.slice(0, 200));
				}
			}
		}
		// The mutations must actually reach every outcome, or this test proves little.
		expect([...kinds.keys()].sort()).toEqual(
			['envelope', 'invalid', 'json', 'ok', 'unknown_type', 'version'].sort()
		);
	});
});

describe('nested required keys (doc/protocol.md)', () => {
	it.each([
		[
			'history item without message_id',
			{ type: 'history', payload: { messages: [{ text: 'x' }] } }
		],
		[
			'hello.ack channel without chat_id',
			{ type: 'hello.ack', payload: { channels: [{ name: 'x' }] } }
		],
		['channel.list channel without chat_id', { type: 'channel.list', payload: { channels: [{}] } }],
		[
			'message media without media_id',
			{ type: 'message', payload: { message_id: 'm', media: [{}] } }
		],
		[
			'search hit without message_id',
			{ type: 'search.results', payload: { hits: [{ chat_id: 'c' }] } }
		],
		[
			'command without name',
			{ type: 'commands.catalog', payload: { commands: [{ description: 'd' }] } }
		]
	])('%s → invalid', (_name, f) => {
		const result = decodeServerFrame(JSON.stringify({ v: 1, ...f }));
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.kind).toBe('invalid');
	});
});
