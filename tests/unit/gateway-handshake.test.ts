import { describe, expect, it } from 'vitest';
import { TOKEN } from './gateway-helpers';
import { useGateway } from './gateway-suite';

const suite = useGateway();
const pair = (device?: string) => suite.pair(device);

describe('handshake', () => {
	it('rejects a wrong token with error{auth} (id echoed) and close 4001', async () => {
		const client = await suite.connect();
		const err = await client.request('hello', { token: 'nope', device_id: 'd' });
		expect(err).toMatchObject({ type: 'error', id: 1, payload: { code: 'auth' } });
		expect((await client.closed).code).toBe(4001);
	});

	it('rejects any other frame before hello', async () => {
		const client = await suite.connect();
		const err = await client.request('ping', { ts: 1 });
		expect(err).toMatchObject({ type: 'error', id: 1, payload: { code: 'auth' } });
		expect((await client.closed).code).toBe(4001);
	});

	it('acks a good hello with caps, cursor and the default channel', async () => {
		const [, ack] = await pair();
		expect(ack).toEqual({
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
					push: 'none',
					pickers: true
				},
				sync_cursor: 0,
				channels: [
					{
						chat_id: 'default',
						name: 'General',
						kind: 'default',
						parent_chat_id: null,
						is_default: true
					}
				]
			}
		});
	});

	it('logs one "connection opened" line per accepted socket', async () => {
		await pair('a');
		await pair('b');
		const bad = await suite.connect();
		await bad.request('hello', { token: 'wrong', device_id: 'c' });
		await bad.closed;
		expect(suite.gateway().logs.filter((l) => l === '[gateway] connection opened')).toHaveLength(3);
	});
});

describe('frames', () => {
	it('answers ping with pong (same id and ts)', async () => {
		const [client] = await pair();
		expect(await client.request('ping', { ts: 12345 })).toMatchObject({
			type: 'pong',
			id: 2,
			payload: { ts: 12345 }
		});
	});

	it('answers invalid frames with an error and keeps the connection', async () => {
		const [client] = await pair();
		client.sendRaw('this is not json');
		const jsonErr = await client.waitFor((f) => f.type === 'error', 0, 'json error');
		expect(jsonErr.payload).toMatchObject({ code: 'internal' });
		expect(jsonErr.id).toBeUndefined();
		expect(await client.request('bogus.type', {})).toMatchObject({
			type: 'error',
			payload: { code: 'unsupported', message: 'unknown frame type "bogus.type"' }
		});
		expect(await client.request('message.send', { text: 5 })).toMatchObject({
			type: 'error',
			payload: { code: 'internal', message: 'message.send: payload/text must be string' }
		});
		client.sendRaw(Buffer.from([1, 2, 3]));
		const from = client.frames.length;
		await client.waitFor((f) => f.type === 'error', from, 'binary error');
		expect(client.frames.at(-1)?.payload).toMatchObject({ code: 'unsupported' });
		expect(await client.request('ping', { ts: 1 })).toMatchObject({ type: 'pong' });
		expect(
			suite.gateway().logs.some((l) => l.startsWith('[gateway] invalid frame: invalid JSON'))
		).toBe(true);
	});

	it('answers a known type it cannot serve (fcm.register without IRIS_PUSH) with error{unsupported}', async () => {
		const [client] = await pair();
		expect(await client.request('fcm.register', { ntfy_topic: 't' })).toMatchObject({
			type: 'error',
			id: 2,
			payload: {
				code: 'unsupported',
				message: 'push is not enabled on this gateway (IRIS_PUSH)'
			}
		});
	});

	it('answers an unknown chat_id with error{not_found}', async () => {
		const [client] = await pair();
		const err = await client.request('message.send', { text: 'x' }, { chat_id: 'nope' });
		expect(err).toMatchObject({ type: 'error', payload: { code: 'not_found' } });
	});
});

it('builds the pairing link from the ws URL and the token', () => {
	const { gw } = suite.gateway();
	const url = encodeURIComponent(gw.wsUrl);
	expect(gw.pairingLink).toBe(`${gw.httpUrl}/pair#url=${url}&token=${encodeURIComponent(TOKEN)}`);
	expect(gw.wsUrl).toBe(`ws://127.0.0.1:${gw.port}/ws`);
});
