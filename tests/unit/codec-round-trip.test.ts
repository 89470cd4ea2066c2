/**
 * The Iris v1 codec against its schema: the frame type lists match it, and every frame type in
 * both directions survives encode then decode unchanged.
 */
import { describe, expect, it } from 'vitest';
import spec from '../../spec/iris-protocol-v1.schema.json';
import {
	APP_FRAME_TYPES,
	REQUIRED_FIELDS,
	SERVER_FRAME_TYPES,
	decodeAppFrame,
	decodeServerFrame,
	encodeAppFrame,
	encodeServerFrame,
	frame
} from '../../src/lib/protocol/iris';
import { CHAT, specPayloadKeys } from './codec-helpers';
import { APP_SAMPLES, SERVER_SAMPLES, appSample, serverSample } from './codec-samples';

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
