import { describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { sendAndFinish, useGateway } from './gateway-suite';

const suite = useGateway();
const pair = (device?: string) => suite.pair(device);

describe('message.send', () => {
	it('acks, then streams a demo turn that quotes the user', async () => {
		const [client] = await pair();
		const text = 'Hello <b>gateway</b> & *friends*';
		const { ack, turn } = await sendAndFinish(client, text, { client_msg_id: 'c-1' });
		expect(ack).toMatchObject({
			type: 'message',
			id: 2,
			chat_id: 'default',
			payload: { role: 'user', text, client_msg_id: 'c-1' }
		});
		expect(ack.payload.message_id).toMatch(/^m_[a-z0-9]+_\d+$/);

		const kinds = turn.map((f) => (f.type === 'typing' ? `typing:${f.payload.on}` : f.type));
		const updates = turn.filter((f) => f.type === 'message.update');
		expect(kinds.filter((k) => k !== 'message.update')).toEqual([
			'message',
			'agent.busy',
			'typing:true',
			'message.start',
			'message.stop',
			'typing:false',
			'agent.idle'
		]);
		expect(kinds.indexOf('message.stop')).toBe(kinds.lastIndexOf('message.update') + 1);
		expect(updates.length).toBeGreaterThanOrEqual(10);
		const start = turn.find((f) => f.type === 'message.start') as ServerFrameOf<'message.start'>;
		expect(start.payload).toMatchObject({ role: 'assistant' });
		let previous = '';
		for (const u of updates as ServerFrameOf<'message.update'>[]) {
			expect(u.payload.message_id).toBe(start.payload.message_id);
			expect(u.payload.text.length).toBeGreaterThan(previous.length);
			expect(u.payload.text.startsWith(previous)).toBe(true);
			previous = u.payload.text;
		}
		const stop = turn.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;
		expect(stop.payload).toMatchObject({
			message_id: start.payload.message_id,
			final_text: previous,
			model: 'demo-echo'
		});
		expect(stop.payload.final_text).toContain(text);
		expect(turn.slice(1).every((f) => f.chat_id === 'default' && f.id === undefined)).toBe(true);
		expect(start.payload.ts).toBeGreaterThan(ack.payload.ts ?? Infinity);
	});

	it('dedupes by client_msg_id: same ack, no second turn', async () => {
		const [client] = await pair();
		const { ack } = await sendAndFinish(client, 'once only', { client_msg_id: 'dup-1' });
		const again = await client.request('message.send', {
			text: 'once only',
			client_msg_id: 'dup-1'
		});
		expect(again).toMatchObject({ type: 'message', id: 3, payload: ack.payload });
		const from = client.indexOf(again);
		// A turn would start before the next request is even read, so after this pong it is settled.
		await client.request('ping', { ts: 1 });
		expect(client.frames.slice(from).map((f) => f.type)).toEqual(['message', 'pong']);
		expect(client.types().filter((ty) => ty === 'agent.busy')).toHaveLength(1);
	});

	it('sends a turn to every device, the ack only to the sender', async () => {
		const [a] = await pair('a');
		const [b] = await pair('b');
		const { ack } = await sendAndFinish(a, 'to all devices');
		const echo = await b.waitFor((f) => f.type === 'message', 0, 'user message on b');
		expect(echo.id).toBeUndefined();
		expect(echo.payload).toEqual(ack.payload);
		const stop = await b.waitFor((f) => f.type === 'message.stop', 0, 'stop on b');
		expect((stop as ServerFrameOf<'message.stop'>).payload.final_text).toContain('to all devices');
		expect(a.frames.filter((f) => f.type === 'message')).toHaveLength(1);
	});

	it('completes the turn when the sender disconnects mid-turn', async () => {
		const [a] = await pair('a');
		const [b] = await pair('b');
		await a.request('message.send', { text: 'bye now' });
		await a.waitFor((f) => f.type === 'message.start', 0, 'start');
		await a.close();
		const stop = await b.waitFor((f) => f.type === 'message.stop', 0, 'stop on b');
		expect((stop as ServerFrameOf<'message.stop'>).payload.final_text).toContain('bye now');
		await b.waitFor((f) => f.type === 'agent.idle', 0, 'idle on b');
	});

	it('stamps strictly increasing ts', async () => {
		const [client] = await pair();
		await sendAndFinish(client, 'one');
		await sendAndFinish(client, 'two');
		const stamps = client.frames.flatMap((f) =>
			'ts' in f.payload && typeof f.payload.ts === 'number' ? [f.payload.ts] : []
		);
		expect(stamps).toHaveLength(4);
		for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1] ?? 0);
	});
});

describe('history', () => {
	it('pages oldest→newest with limit and before_message_id', async () => {
		const [client] = await pair();
		for (const text of ['first', 'second', 'third']) await sendAndFinish(client, text);
		const all = (await client.request('history', {})) as ServerFrameOf<'history'>;
		expect(all.payload.messages.map((m) => m.role)).toEqual([
			'user',
			'assistant',
			'user',
			'assistant',
			'user',
			'assistant'
		]);
		expect(all.payload.has_more).toBe(false);
		expect(all.payload.messages[4]?.text).toBe('third');
		expect(all.payload.messages[5]?.text).toContain('> third');

		const ids = all.payload.messages.map((m) => m.message_id);
		const page1 = (await client.request('history', { limit: 2 })) as ServerFrameOf<'history'>;
		expect(page1).toMatchObject({ type: 'history', chat_id: 'default' });
		expect(page1.payload.messages.map((m) => m.message_id)).toEqual(ids.slice(4));
		expect(page1.payload).toMatchObject({ has_more: true, oldest_message_id: ids[4] });
		const page2 = (await client.request('history', {
			limit: 2,
			before_message_id: page1.payload.oldest_message_id
		})) as ServerFrameOf<'history'>;
		expect(page2.payload.messages.map((m) => m.message_id)).toEqual(ids.slice(2, 4));
		expect(page2.payload.has_more).toBe(true);
		const page3 = (await client.request('history', {
			limit: 2,
			before_message_id: page2.payload.oldest_message_id
		})) as ServerFrameOf<'history'>;
		expect(page3.payload.messages.map((m) => m.message_id)).toEqual(ids.slice(0, 2));
		expect(page3.payload.has_more).toBe(false);
		expect(page3.payload.messages[0]).toMatchObject({ role: 'user', text: 'first' });
		expect(typeof page3.payload.messages[0]?.ts).toBe('number');

		expect(await client.request('history', { before_message_id: 'm_999' })).toMatchObject({
			type: 'error',
			payload: { code: 'not_found' }
		});
	});
});

describe('sync', () => {
	it('replays logged frames after a cursor, updates superseded by the final stop, then sync.done', async () => {
		const [a, ack] = await pair('a');
		const cursor = (ack as ServerFrameOf<'hello.ack'>).payload.sync_cursor ?? -1;
		const { ack: sent } = await sendAndFinish(a, 'while b was away');

		const [b, ackB] = await pair('b');
		const latest = (ackB as ServerFrameOf<'hello.ack'>).payload.sync_cursor;
		expect(latest).toBeGreaterThan(cursor);
		const done = await b.request('sync', { cursor });
		expect(done).toEqual({ v: 1, type: 'sync.done', id: 2, payload: { cursor: latest } });
		// After hello.ack and the connection's `status`.
		expect(b.frames[1]).toMatchObject({ type: 'status', payload: { state: 'online' } });
		const replay = b.frames.slice(2, -1);
		expect(replay.map((f) => f.type)).toEqual([
			'message',
			'agent.busy',
			'message.start',
			'message.stop',
			'agent.idle'
		]);
		expect(replay[0]?.payload).toEqual(sent.payload);
		const stop = replay[3] as ServerFrameOf<'message.stop'>;
		expect(stop.payload.final_text).toContain('while b was away');

		const nothing = await b.request('sync', { cursor: latest });
		expect(nothing).toMatchObject({ type: 'sync.done', payload: { cursor: latest } });
		expect(b.frames.at(-2)).toBe(done);
	});
});
