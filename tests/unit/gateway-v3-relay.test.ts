/**
 * The v3 relay end to end (doc/v3-relay.md): the real gateway on a free port, a fake v3 agent on
 * `/ws/agent?api_key=` and a v3 app on `/ws/app` (Iris apps: gateway-v3-relay-iris.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import { agentFromEnv } from '../../gateway/agents/select';
import { V3IrisAgent } from '../../gateway/v3/iris-agent';
import { startTestGateway, TOKEN, type TestGateway } from './gateway-helpers';
import { streamedText, upload, USER, V3Client, v3Message } from './gateway-v3-helpers';
import { FakeV3Agent } from './support/fake-v3-agent';

const KEY = 'agent-key/+=';

let t: TestGateway;
let closers: { close(): Promise<void> }[] = [];
let agents: FakeV3Agent[] = [];
let apps: V3Client[] = [];

async function start(opts: { key?: string; iris?: boolean } = { key: KEY, iris: true }) {
	t = await startTestGateway({
		...(opts.key ? { v3AgentKey: opts.key } : {}),
		...(opts.iris ? { agent: new V3IrisAgent(Boolean(opts.key)) } : {})
	});
}

async function agent(key = KEY): Promise<FakeV3Agent> {
	const a = await FakeV3Agent.connect(t.gw.v3AgentWsUrl, key);
	agents.push(a);
	closers.push(a);
	return a;
}

async function app(): Promise<V3Client> {
	const c = await V3Client.connect(t.gw.v3WsUrl);
	apps.push(c);
	closers.push(c);
	return c;
}

/** Send `frame` from `client` and wait until the agent has it (by `id`). */
async function relayed(client: V3Client, a: FakeV3Agent, frame: Record<string, unknown>) {
	client.send(frame);
	return (await a.waitFor((f) => 'id' in f && f.id === frame.id, 0, 'relayed message')) as
		V3FrameOf<'text'> | V3FrameOf<'file'>;
}

beforeEach(() => {
	closers = [];
	agents = [];
	apps = [];
});

afterEach(async () => {
	for (const c of [...apps, ...agents]) expect(c.invalid).toEqual([]);
	await Promise.all(closers.map((c) => c.close()));
	await t.stop();
});

describe('v3 agent connection', () => {
	it('refuses a wrong key with 4001 and an unset key with 4003, with a reason', async () => {
		await start();
		const wrong = await agent('wrong');
		expect(await wrong.closed).toEqual({ code: 4001, reason: 'api_key rejected' });
		await t.stop();
		await start({});
		const off = await agent(KEY);
		expect(await off.closed).toEqual({
			code: 4003,
			reason: 'agent connections are off: IRIS_V3_AGENT_KEY is not set'
		});
		expect(t.logs.some((l) => l.includes('v3 agent refused'))).toBe(true);
	});

	it('IRIS_AGENT=demo: v3 apps get the demo agent even with an agent connected', async () => {
		await start({ key: KEY });
		const a = await agent();
		const c = await app();
		c.send(v3Message('text', { text: '/demo text' }));
		await c.waitFor((f) => f.type === 'text');
		await a.roundTrip();
		expect(a.frames.map((f) => f.type)).toEqual(['pong']);
	});

	it('IRIS_AGENT=v3 selects the relay for Iris apps', () => {
		const chosen = agentFromEnv({ IRIS_AGENT: 'v3', IRIS_V3_AGENT_KEY: KEY });
		expect('agent' in chosen && chosen.agent instanceof V3IrisAgent).toBe(true);
	});
});

describe('v3 app ⇄ gateway ⇄ agent', () => {
	beforeEach(() => start());

	it('relays a text to the agent and its text answer back, by user id', async () => {
		const a = await agent();
		const c = await app();
		const sent = v3Message('text', { text: '帮我写个快速排序' });
		const got = await relayed(c, a, sent);
		expect(got).toEqual(sent);
		a.send({ ...FakeV3Agent.answer(USER, 's1', got.id), type: 'text', data: { text: '好的' } });
		const answer = await c.waitFor((f) => f.type === 'text');
		expect(answer).toMatchObject({ from: 'hermes', to: USER, session: 's1', reply_to: sent.id });
		expect((answer as V3FrameOf<'text'>).data.text).toBe('好的');
	});

	it('relays a streamed answer in order', async () => {
		const a = await agent();
		const c = await app();
		const got = await relayed(c, a, v3Message('text', { text: 'stream please' }));
		a.stream(got, ['快速', '排序', '的']);
		const frames = await c.streamed();
		expect(frames.map((f) => f.type)).toEqual([
			'stream_start',
			'stream',
			'stream',
			'stream',
			'stream_end'
		]);
		expect(streamedText(frames)).toBe('快速排序的');
		expect(frames[0]).toMatchObject({ reply_to: got.id, to: USER });
	});

	it('relays files both ways through the HTTP media endpoints', async () => {
		const a = await agent();
		const c = await app();
		const csv = new TextEncoder().encode('region,sales\nnorth,10\n');
		const up = await upload(t.gw.httpUrl, { name: 'sales.csv', type: 'text/csv', bytes: csv });
		expect(up.status).toBe(200);
		const media = { id: up.body.media_id, name: 'sales.csv', type: 'text/csv', size: csv.length };
		const got = (await relayed(
			c,
			a,
			v3Message('file', { text: '分析', media })
		)) as V3FrameOf<'file'>;
		expect(got.data.media).toEqual(media);
		// The agent downloads with its key (spec: "Bridge … GET /media/{media_id}").
		const down = await fetch(`${t.gw.httpUrl}/media/${got.data.media.id}`, {
			headers: { authorization: `Bearer ${KEY}` }
		});
		expect(new Uint8Array(await down.arrayBuffer())).toEqual(csv);
		// And answers with a file of its own: stream_end first, then the file (spec order).
		const pdf = new TextEncoder().encode('%PDF-1.4 report');
		const form = new FormData();
		form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'report.pdf');
		const res = await fetch(`${t.gw.httpUrl}/api/media/upload?api_key=${encodeURIComponent(KEY)}`, {
			method: 'POST',
			body: form
		});
		const stored = (await res.json()) as { media_id: string; size: number };
		a.stream(got, ['Here it is.']);
		const fileMedia = {
			id: stored.media_id,
			name: 'report.pdf',
			type: 'application/pdf',
			size: stored.size
		};
		a.send({ ...FakeV3Agent.answer(USER, 's1', got.id), type: 'file', data: { media: fileMedia } });
		const file = (await c.waitFor((f) => f.type === 'file')) as V3FrameOf<'file'>;
		expect(c.types().slice(-2)).toEqual(['stream_end', 'file']);
		const back = await fetch(
			`${t.gw.httpUrl}/media/${file.data.media.id}?token=${encodeURIComponent(TOKEN)}`
		);
		expect(new Uint8Array(await back.arrayBuffer())).toEqual(pdf);
	});

	it('answers error{offline} while no agent is connected, then relays once one is', async () => {
		const c = await app();
		const sent = v3Message('text', { text: 'anyone?' });
		c.send(sent);
		const error = (await c.waitFor((f) => f.type === 'error')) as V3FrameOf<'error'>;
		expect(error).toMatchObject({ to: USER, session: 's1', reply_to: sent.id });
		expect(error.data.code).toBe('offline');
		const a = await agent();
		// The same message again is a new attempt, not a resend to drop.
		expect((await relayed(c, a, sent)).id).toBe(sent.id);
	});

	it('skips a malformed agent frame, tells the agent, and goes on', async () => {
		const a = await agent();
		const c = await app();
		const got = await relayed(c, a, v3Message('text', { text: 'hi' }));
		a.send('{not json');
		a.send({
			...FakeV3Agent.answer(USER, 's1', got.id),
			type: 'image',
			data: { media: { id: 'x' } }
		});
		await a.waitFor((f) => f.type === 'error' && f.data.code === 'unsupported', 0, 'json error');
		a.send({ ...FakeV3Agent.answer(USER, 's1', got.id), type: 'text', data: { text: 'fine' } });
		await c.waitFor((f) => f.type === 'text');
		expect(c.types()).toEqual(['text']);
		expect(t.logs.filter((l) => l.includes('v3 agent frame skipped'))).toHaveLength(2);
	});

	it('answers an agent frame to an unknown user with error{offline}', async () => {
		const a = await agent();
		a.send({ ...FakeV3Agent.answer('nobody', 's1', 'm1'), type: 'text', data: { text: 'hi' } });
		const error = (await a.waitFor((f) => f.type === 'error')) as V3FrameOf<'error'>;
		expect(error.data.code).toBe('offline');
	});

	it('closes a stream the agent leaves open when it disconnects, then error{offline}', async () => {
		const a = await agent();
		const c = await app();
		const got = await relayed(c, a, v3Message('text', { text: 'long' }));
		a.send({ ...FakeV3Agent.answer(USER, 's1', got.id), type: 'stream_start' });
		a.send({ from: 'hermes', to: USER, session: 's1', type: 'stream', data: { text: 'half' } });
		await c.waitFor((f) => f.type === 'stream');
		await a.close();
		const error = (await c.waitFor((f) => f.type === 'error')) as V3FrameOf<'error'>;
		expect(c.types()).toEqual(['stream_start', 'stream', 'stream_end', 'error']);
		expect(error.data.code).toBe('offline');
	});
	it('answers the agent ping with pong and refuses its key where only the token goes', async () => {
		const a = await agent();
		await a.roundTrip();
		const probe = await fetch(`${t.gw.httpUrl}/ws/app?api_key=${encodeURIComponent(KEY)}`);
		expect(probe.status).toBe(401);
		const wrong = await fetch(`${t.gw.httpUrl}/media/med_x?api_key=wrong`);
		expect(wrong.status).toBe(401);
	});
});
