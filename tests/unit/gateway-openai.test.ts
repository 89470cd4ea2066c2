/**
 * `IRIS_AGENT=openai`: the gateway answers through an OpenAI-compatible server (a fake, from the
 * documented streaming format), and the app sees ordinary Iris frames.
 */
import { afterEach, expect, it } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { OpenAIAgent } from '../../gateway/agents/openai';
import { agentFromEnv } from '../../gateway/agents/select';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIScript } from './support/fake-openai';

let t: TestGateway | undefined;
let fake: FakeOpenAI | undefined;
afterEach(async () => {
	await t?.stop();
	await fake?.close();
	t = fake = undefined;
});

async function setUp(script: FakeOpenAIScript, apiKey?: string) {
	fake = await startFakeOpenAI(script);
	const agent = new OpenAIAgent({ baseUrl: fake.baseUrl, ...(apiKey ? { apiKey } : {}) });
	t = await startTestGateway({ agent });
	const [client] = await TestClient.paired(t.gw.wsUrl);
	return client;
}

/** Send `text` and wait for the turn's `agent.idle`; the frames of the turn. */
async function turn(client: TestClient, text: string): Promise<ServerFrame[]> {
	const from = client.frames.length;
	await client.request('message.send', { text });
	await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
	return client.frames.slice(from);
}

function stopOf(frames: ServerFrame[]): ServerFrameOf<'message.stop'>['payload'] {
	const stop = frames.find((f) => f.type === 'message.stop') as ServerFrameOf<'message.stop'>;
	expect(stop).toBeDefined();
	return stop.payload;
}

it('streams the answer with its reasoning, model and tokens; the next turn carries the history', async () => {
	const client = await setUp(
		{ content: ['Hello', ', ', 'world'], reasoning: ['Think', 'ing'], completionTokens: 7 },
		'sk-test'
	);
	const frames = await turn(client, 'hi there');
	expect(frames.map((f) => f.type)).toEqual(
		expect.arrayContaining([
			'agent.busy',
			'message.start',
			'message.update',
			'message.stop',
			'agent.idle'
		])
	);
	expect(stopOf(frames)).toMatchObject({
		final_text: 'Hello, world',
		reasoning: 'Thinking',
		model: 'fake-model',
		tokens: 7
	});
	fake!.script = { content: ['Again'] };
	expect(stopOf(await turn(client, 'and again')).final_text).toBe('Again');
	expect(fake!.requests[1]!.messages).toEqual([
		{ role: 'user', content: 'hi there' },
		{ role: 'assistant', content: 'Hello, world' },
		{ role: 'user', content: 'and again' }
	]);
	// The first request asked which model to use; every request carried the key.
	expect(fake!.requests[0]!.model).toBe('fake-model');
	expect(new Set(fake!.authorizations)).toEqual(new Set(['Bearer sk-test']));
	expect(client.invalid).toEqual([]);
	await client.close();
});

it('Stop aborts the request and closes the answer with what was streamed', async () => {
	const client = await setUp({ content: ['Partial'], hold: true });
	const from = client.frames.length;
	await client.request('message.send', { text: 'long one' });
	await client.waitFor(
		(f) => f.type === 'message.update' && f.payload.text === 'Partial',
		from,
		'first piece'
	);
	await client.request('agent.stop', {});
	await fake!.aborted;
	const frames = client.frames.slice(from);
	expect(stopOf(frames).final_text).toBe('Partial');
	expect(frames.some((f) => f.type === 'error')).toBe(false);
	await client.close();
});

it('a server that is down or refuses the key: an error in the chat, and the gateway carries on', async () => {
	const client = await setUp({ content: [], status: 401 });
	const refused = await turn(client, 'hello?');
	expect(refused.find((f) => f.type === 'error')?.payload).toMatchObject({
		code: 'internal',
		message: 'OPENAI_API_KEY rejected by the model server'
	});
	const url = fake!.baseUrl;
	await fake!.close();
	fake = undefined;
	const down = await turn(client, 'anyone?');
	const error = down.find((f) => f.type === 'error') as ServerFrameOf<'error'>;
	expect(error.payload.message).toContain(`cannot reach the model server at ${url}`);
	expect((await client.request('ping', {})).type).toBe('pong');
	await client.close();
});

it('IRIS_AGENT selects the agent and says what is missing', () => {
	expect(agentFromEnv({})).toEqual({});
	expect(agentFromEnv({ IRIS_AGENT: 'openai' })).toMatchObject({
		error: expect.stringContaining('OPENAI_BASE_URL')
	});
	expect(agentFromEnv({ IRIS_AGENT: 'skynet' })).toMatchObject({
		error: expect.stringContaining('"skynet"')
	});
	const chosen = agentFromEnv({ IRIS_AGENT: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' });
	expect('agent' in chosen && chosen.agent?.description).toContain('http://127.0.0.1:1/v1');
});
