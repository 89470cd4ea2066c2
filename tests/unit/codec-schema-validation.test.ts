/**
 * Schema checks of the Iris v1 codec beyond the round trip: the encoders refuse frames that break
 * the schema, and the decoder refuses list items without their required keys.
 */
import { describe, expect, it } from 'vitest';
import {
	ProtocolEncodeError,
	decodeServerFrame,
	encodeAppFrame,
	encodeServerFrame,
	type AppFrame,
	type ServerFrame
} from '../../src/lib/protocol/iris';

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
