/**
 * `IRIS_AGENT=v3` for Iris apps (doc/v3-relay.md "Iris apps"): the real gateway on a free port,
 * a fake v3 agent on `/ws/agent?api_key=` and an Iris app on `/ws`; and the settings around it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { V3FrameOf } from '../../src/lib/protocol/hermes-v3';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { bannerLines } from '../../gateway/banner';
import { readConfig } from '../../gateway/config';
import { V3IrisAgent, V3_OFFLINE_TEXT, v3SessionOf } from '../../gateway/v3/iris-agent';
import { startTestGateway, TestClient, type TestGateway } from './gateway-helpers';
import { FakeV3Agent } from './support/fake-v3-agent';

const KEY = 'k3y-for-v3-agents';

let t: TestGateway;
let agents: FakeV3Agent[] = [];
let client: TestClient;

/** Connect the fake agent with the right key. */
async function connectAgent(): Promise<FakeV3Agent> {
	const agent = await FakeV3Agent.connect(t.gw.v3AgentWsUrl, KEY);
	agents.push(agent);
	return agent;
}

beforeEach(async () => {
	agents = [];
	t = await startTestGateway({ v3AgentKey: KEY, agent: new V3IrisAgent(true) });
	[client] = await TestClient.paired(t.gw.wsUrl);
});

afterEach(async () => {
	expect(client.invalid).toEqual([]);
	await client.close();
	for (const agent of agents) expect(agent.invalid).toEqual([]);
	await Promise.all(agents.map((agent) => agent.close()));
	await t.stop();
});

/** Send `text` from the Iris app; resolves with the message the agent got and the turn's end. */
async function ask(a: FakeV3Agent, text: string) {
	const from = client.frames.length;
	const seen = a.frames.length;
	await client.request('message.send', { text });
	const got = (await a.waitFor(
		(f) => f.type === 'text',
		seen,
		'Iris message'
	)) as V3FrameOf<'text'>;
	const frames = async (): Promise<ServerFrame[]> => {
		await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
		return client.frames.slice(from);
	};
	return { got, frames };
}

function payloadOf<T extends 'message.stop' | 'error'>(frames: ServerFrame[], type: T) {
	return (frames.find((f) => f.type === type) as ServerFrameOf<T> | undefined)?.payload;
}

describe('Iris app ⇄ gateway ⇄ v3 agent', () => {
	it('shows the streamed answer as an Iris answer; one session per channel', async () => {
		const a = await connectAgent();
		const { got, frames } = await ask(a, 'hello from Iris');
		expect(got).toMatchObject({ from: 'iris', to: 'hermes', data: { text: 'hello from Iris' } });
		a.stream(got, ['Hello ', 'Iris']);
		const turn = await frames();
		expect(payloadOf(turn, 'message.stop')).toMatchObject({
			final_text: 'Hello Iris',
			model: 'v3-agent'
		});
		const updates = turn.filter((f) => f.type === 'message.update');
		expect(updates.map((f) => (f as ServerFrameOf<'message.update'>).payload.text)).toEqual([
			'Hello ',
			'Hello Iris'
		]);
		const start = turn.find((f) => f.type === 'message.start');
		expect(got.session).toBe(v3SessionOf({ chat_id: start!.chat_id! }));
		const second = await ask(a, 'again');
		expect(second.got.session).toBe(got.session);
	});

	it('shows a whole text answer; an agent error is an Iris error', async () => {
		const a = await connectAgent();
		const first = await ask(a, 'short');
		const reply = FakeV3Agent.answer('iris', first.got.session, first.got.id);
		a.send({ ...reply, type: 'text', data: { text: 'Short answer.' } });
		expect(payloadOf(await first.frames(), 'message.stop')?.final_text).toBe('Short answer.');
		const second = await ask(a, 'too many');
		const busy = FakeV3Agent.answer('iris', second.got.session, second.got.id);
		a.send({ ...busy, type: 'error', data: { code: 'rate_limited', text: 'slow down' } });
		expect(payloadOf(await second.frames(), 'error')).toEqual({
			code: 'rate_limited',
			message: 'the v3 agent answered rate_limited: slow down'
		});
	});

	it('answers error{internal} "offline" with no agent, and when the agent drops mid-answer', async () => {
		const none = client.frames.length;
		await client.request('message.send', { text: 'anyone?' });
		await client.waitFor((f) => f.type === 'agent.idle', none, 'agent.idle');
		expect(payloadOf(client.frames.slice(none), 'error')).toEqual({
			code: 'internal',
			message: V3_OFFLINE_TEXT
		});
		const a = await connectAgent();
		const { got, frames } = await ask(a, 'half');
		a.send({ ...FakeV3Agent.answer('iris', got.session, got.id), type: 'stream_start' });
		a.send({
			from: 'hermes',
			to: 'iris',
			session: got.session,
			type: 'stream',
			data: { text: 'Hal' }
		});
		await client.waitFor((f) => f.type === 'message.update', 0, 'message.update');
		await a.close();
		const turn = await frames();
		expect(payloadOf(turn, 'message.stop')?.final_text).toBe('Hal');
		expect(payloadOf(turn, 'error')?.message).toContain('offline');
	});
});

describe('settings', () => {
	it('reads IRIS_V3_AGENT_KEY and says in the banner where agents connect', async () => {
		const env = { IRIS_AGENT: 'v3', IRIS_V3_AGENT_KEY: KEY };
		const config = readConfig(env, '/repo', '/cwd');
		if (!config.ok) throw new Error(config.error);
		expect(config.options.v3AgentKey).toBe(KEY);
		expect(config.options.agent).toBeInstanceOf(V3IrisAgent);
		const lines = await bannerLines(t.gw, 'token', config.options, false);
		expect(lines).toContain(
			`[gateway] v3 agents: ${t.gw.v3AgentWsUrl}?api_key=<IRIS_V3_AGENT_KEY>`
		);
		expect(lines.join('\n')).not.toContain(KEY);
		const unset = readConfig({ IRIS_AGENT: 'v3' }, '/repo', '/cwd');
		if (!unset.ok) throw new Error(unset.error);
		const off = await bannerLines(t.gw, 'token', unset.options, false);
		expect(off.join('\n')).toContain('IRIS_V3_AGENT_KEY is not set');
	});
});
