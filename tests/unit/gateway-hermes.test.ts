/**
 * `IRIS_AGENT=hermes`: the gateway answers through a Hermes Agent API server (a fake, from the
 * runs API's formats), and the app sees ordinary Iris frames: the answer, reasoning, tool cards,
 * approvals, Stop, failures.
 */
import { afterEach, expect, it } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { HermesAgent } from '../../gateway/agents/hermes';
import { agentFromEnv } from '../../gateway/agents/select';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { startFakeHermes, type FakeHermes, type FakeHermesScript } from './support/fake-hermes';

let t: TestGateway | undefined;
let fake: FakeHermes | undefined;
afterEach(async () => {
	await t?.stop();
	await fake?.close();
	t = fake = undefined;
});

async function setUp(script: FakeHermesScript, apiKey = 'hermes-key') {
	fake = await startFakeHermes(script);
	t = await startTestGateway({ agent: new HermesAgent({ url: fake.url, apiKey }) });
	const [client] = await TestClient.paired(t.gw.wsUrl);
	return client;
}

/** Send `text` (in `chat_id`) and wait for the turn's `agent.idle`; the frames of the turn. */
async function turn(
	client: TestClient,
	text: string,
	extra: { chat_id?: string; client_msg_id?: string } = {}
): Promise<ServerFrame[]> {
	const from = client.frames.length;
	const { chat_id, ...payload } = extra;
	await client.request('message.send', { text, ...payload }, chat_id ? { chat_id } : {});
	await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
	return client.frames.slice(from);
}

function payloadOf<T extends ServerFrame['type']>(frames: ServerFrame[], type: T) {
	const found = frames.find((f) => f.type === type) as ServerFrameOf<T> | undefined;
	expect(found, type).toBeDefined();
	return found!.payload;
}

const delta = (d: string) => ({ event: 'message.delta', delta: d });
const completed = { event: 'run.completed', usage: { output_tokens: 9 }, model: 'hermes-test' };

it('streams the answer with reasoning and tool cards; history, session and key reach Hermes', async () => {
	const client = await setUp({
		keepAlive: true,
		steps: [
			{ event: 'reasoning.delta', delta: 'Look' },
			{ event: 'reasoning.delta', delta: 'ing' },
			{ event: 'tool.started', tool: 'terminal', preview: 'ls', args: { command: 'ls' } },
			{ event: 'tool.started', tool: 'read_file', preview: 'a.txt' },
			{ event: 'tool.completed', tool: 'terminal', duration: 1.5, output_preview: 'a.txt' },
			{ event: 'tool.completed', tool: 'read_file', error: 'no such file' },
			delta('Hello'),
			delta(', world'),
			completed
		]
	});
	const frames = await turn(client, 'hi there', { client_msg_id: 'cm-1' });
	const starts = frames.filter((f) => f.type === 'tool.start') as ServerFrameOf<'tool.start'>[];
	const ends = frames.filter((f) => f.type === 'tool.end') as ServerFrameOf<'tool.end'>[];
	expect(starts.map((f) => [f.payload.index, f.payload.name])).toEqual([
		[0, 'terminal'],
		[1, 'read_file']
	]);
	expect(starts[0]!.payload).toMatchObject({ preview: 'ls', args: { command: 'ls' } });
	expect(ends.map((f) => f.payload)).toMatchObject([
		{ index: 0, name: 'terminal', ok: true, duration: 1.5, output_preview: 'a.txt' },
		{ index: 1, name: 'read_file', ok: false, output_preview: 'no such file' }
	]);
	const messageId = payloadOf(frames, 'message.start').message_id;
	expect(starts[0]!.payload.message_id).toBe(messageId);
	expect(payloadOf(frames, 'message.stop')).toMatchObject({
		final_text: 'Hello, world',
		reasoning: 'Looking',
		model: 'hermes-test',
		tokens: 9
	});
	expect(frames.some((f) => f.type === 'agent.busy' && f.payload.reason === 'tool')).toBe(true);
	expect(fake!.runs[0]).toMatchObject({
		body: { input: 'hi there', conversation_history: [] },
		idempotencyKey: 'cm-1',
		authorization: 'Bearer hermes-key'
	});

	// The next turn in the same channel: same session, the earlier messages as history.
	fake!.script = { idField: 'id', steps: [delta('Again'), { event: 'run.completed' }] };
	expect(payloadOf(await turn(client, 'and again'), 'message.stop').final_text).toBe('Again');
	expect(fake!.runs[1]!.body).toMatchObject({
		input: 'and again',
		session_id: fake!.runs[0]!.body.session_id,
		conversation_history: [
			{ role: 'user', content: 'hi there' },
			{ role: 'assistant', content: 'Hello, world' }
		]
	});
	expect(fake!.runs[1]!.idempotencyKey).toBeUndefined();

	// Another channel is another Hermes session, with its own (empty) history.
	const created = (await client.request('channel.create', {
		name: 'Ops',
		kind: 'channel'
	})) as ServerFrameOf<'channel.created'>;
	await turn(client, 'elsewhere', { chat_id: created.payload.chat_id });
	expect(fake!.runs[2]!.body.session_id).not.toBe(fake!.runs[0]!.body.session_id);
	expect(fake!.runs[2]!.body.conversation_history).toEqual([]);
	expect(client.invalid).toEqual([]);
	await client.close();
});

it('asks for approval with a picker; the choice reaches Hermes and the run goes on', async () => {
	const client = await setUp({
		steps: [
			delta('Cleaning up. '),
			{ event: 'approval.request', command: 'rm -rf build/', description: 'Delete build' },
			delta('Done.'),
			completed
		]
	});
	const from = client.frames.length;
	await client.request('message.send', { text: 'clean the build' });
	const picker = (await client.waitFor(
		(f) => f.type === 'picker.approval',
		from,
		'picker.approval'
	)) as ServerFrameOf<'picker.approval'>;
	expect(picker.payload).toMatchObject({ command: 'rm -rf build/', description: 'Delete build' });
	expect(fake!.approvals).toEqual([]);
	await client.request('picker.select', { picker_id: picker.payload.picker_id, value: 'session' });
	await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
	expect(fake!.approvals).toEqual([{ runId: 'run_1', choice: 'session', status: 200 }]);
	expect(payloadOf(client.frames.slice(from), 'message.stop').final_text).toBe(
		'Cleaning up. Done.'
	);
	// The fake refuses an approval when none is pending (what the bridge must survive).
	const late = await fetch(`${fake!.url}/v1/runs/run_1/approval`, {
		method: 'POST',
		body: JSON.stringify({ choice: 'once' })
	});
	expect(late.status).toBe(409);
	await client.close();
});

it('Stop posts the stop endpoint and closes the answer with what was streamed', async () => {
	// Two deltas at once: the second is throttled, and still shown while the run pauses.
	const client = await setUp({ steps: [delta('Part'), delta('ial'), { hold: true }] });
	const from = client.frames.length;
	await client.request('message.send', { text: 'long one' });
	await client.waitFor(
		(f) => f.type === 'message.update' && f.payload.text === 'Partial',
		from,
		'first piece'
	);
	const stopped = fake!.stopped();
	await client.request('agent.stop', {});
	expect(await stopped).toBe('run_1');
	await client.waitFor((f) => f.type === 'agent.idle', from, 'agent.idle');
	const frames = client.frames.slice(from);
	expect(payloadOf(frames, 'message.stop').final_text).toBe('Partial');
	expect(frames.some((f) => f.type === 'error')).toBe(false);
	await client.close();
});

it('Stop while Hermes is still starting the run: the run is stopped once its id is known', async () => {
	const client = await setUp({ holdStart: true, steps: [delta('Never shown'), completed] });
	const from = client.frames.length;
	await client.request('message.send', { text: 'slow start' });
	await fake!.startHeld();
	// The stop is answered once the turn has ended; a ping after it shows it was taken in.
	const stopAck = client.request('agent.stop', {});
	await client.request('ping', {});
	const stopped = fake!.stopped();
	fake!.release();
	expect(await stopped).toBe('run_1');
	await stopAck;
	const frames = client.frames.slice(from);
	expect(frames.some((f) => f.type === 'error')).toBe(false);
	expect(frames.some((f) => f.type === 'message.update')).toBe(false);
	await client.close();
});

it('a failed run closes the answer and says why; a cancelled one just closes', async () => {
	const client = await setUp({
		steps: [delta('Trying'), { event: 'run.failed', error: 'model overloaded' }]
	});
	const failed = await turn(client, 'go');
	expect(payloadOf(failed, 'message.stop').final_text).toBe('Trying');
	expect(payloadOf(failed, 'error')).toMatchObject({
		code: 'internal',
		message: 'Hermes Agent run failed: model overloaded'
	});
	fake!.script = { steps: [delta('Half'), { event: 'run.cancelled' }] };
	const cancelled = await turn(client, 'again');
	expect(payloadOf(cancelled, 'message.stop').final_text).toBe('Half');
	expect(cancelled.some((f) => f.type === 'error')).toBe(false);
	await client.close();
});

it('a refused key, rate limiting or a server that is down: errors in the chat, and the gateway carries on', async () => {
	const client = await setUp({ steps: [], status: 401 });
	const url = fake!.url;
	expect(payloadOf(await turn(client, 'hello?'), 'error')).toMatchObject({
		code: 'internal',
		message: `HERMES_API_KEY rejected by ${url}`
	});
	fake!.script = { steps: [], status: 429 };
	expect(payloadOf(await turn(client, 'now?'), 'error').code).toBe('rate_limited');
	await fake!.close();
	fake = undefined;
	const down = payloadOf(await turn(client, 'anyone?'), 'error');
	expect(down.message).toContain(`cannot reach Hermes Agent at ${url}/v1/runs`);
	expect((await client.request('ping', {})).type).toBe('pong');
	await client.close();
});

it('IRIS_AGENT=hermes: the default URL, the key and the banner line', () => {
	const chosen = agentFromEnv({ IRIS_AGENT: 'hermes', HERMES_API_KEY: 'k' });
	expect('agent' in chosen && chosen.agent?.description).toBe(
		'Hermes Agent API server at http://127.0.0.1:8642'
	);
	const custom = agentFromEnv({ IRIS_AGENT: 'hermes', HERMES_API_URL: 'http://box:9000/' });
	expect('agent' in custom && custom.agent?.description).toContain(
		'http://box:9000 (no HERMES_API_KEY'
	);
	expect(agentFromEnv({ IRIS_AGENT: 'hermes', HERMES_API_URL: 'box:9000' })).toMatchObject({
		error: expect.stringContaining('HERMES_API_URL')
	});
});
