/**
 * `IRIS_AGENT=hermes` beyond the basic runs API, with the real gateway against the fake
 * server: capabilities, steering (taken, refused, not offered), clarify questions, an events
 * stream cut mid-run, Hermes down then up, and a gateway restart mid-run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { HermesAgent } from '../../gateway/agents/hermes';
import { parseCapabilities } from '../../gateway/agents/hermes-capabilities';
import { CLARIFY_QUEUED_NOTICE } from '../../gateway/agents/hermes-run';
import { STEER_QUEUED_NOTICE } from '../../gateway/agents/hermes-steer';
import { CUT_OFF_NOTE } from '../../gateway/control/restore';
import { openSqliteStore } from '../../gateway/storage/sqlite/open';
import { TestClient, startTestGateway, type TestGateway } from './gateway-helpers';
import { startFakeHermes, type FakeHermes, type FakeHermesScript } from './support/fake-hermes';

let gateways: TestGateway[] = [];
let fake: FakeHermes | undefined;
let dir: string | undefined;
afterEach(async () => {
	for (const g of gateways) await g.stop();
	await fake?.close();
	if (dir) await rm(dir, { recursive: true, force: true });
	gateways = [];
	fake = dir = undefined;
});

const agentFor = (url: string) =>
	new HermesAgent({ url, apiKey: 'k', retry: { minMs: 10, maxMs: 100 } });

async function setUp(script: FakeHermesScript, capabilities?: Record<string, unknown>) {
	fake = await startFakeHermes(script);
	fake.capabilities = capabilities;
	const agent = agentFor(fake.url);
	const t = await startTestGateway({ agent });
	gateways.push(t);
	const [client] = await TestClient.paired(t.gw.wsUrl);
	return { client, agent, t };
}

const delta = (d: string) => ({ event: 'message.delta', delta: d });
const completed = { event: 'run.completed', model: 'hermes-test' };
const ALL = { capabilities: { steer: true, clarify: true } };

function payloadOf<T extends ServerFrame['type']>(frames: ServerFrame[], type: T) {
	const found = frames.find((f) => f.type === type) as ServerFrameOf<T> | undefined;
	expect(found, type).toBeDefined();
	return found!.payload;
}

function all<T extends ServerFrame['type']>(frames: ServerFrame[], type: T) {
	return frames.filter((f) => f.type === type).map((f) => (f as ServerFrameOf<T>).payload);
}

/** Wait for the `n`-th `agent.idle` from `from` on; the frames up to it. */
async function idle(client: TestClient, from: number, n = 1): Promise<ServerFrame[]> {
	let at = from;
	for (let i = 0; i < n; i += 1) {
		const f = await client.waitFor(
			(x) => x.type === 'agent.idle' && x.id === undefined,
			at,
			'idle'
		);
		at = client.indexOf(f) + 1;
	}
	return client.frames.slice(from, at);
}

it('reads the capabilities at start; the banner line says which are in use', async () => {
	expect(parseCapabilities({ capabilities: ['runs', 'steer'] })).toEqual({
		probed: true,
		steer: true,
		clarify: false
	});
	expect(parseCapabilities({ clarify: { enabled: true } })).toMatchObject({ clarify: true });
	const { agent } = await setUp({ steps: [] }, ALL);
	expect(agent.description).toBe(
		`Hermes Agent API server at ${fake!.url}; capabilities: runs, steer, clarify`
	);
	expect(fake!.probes).toBe(1);
	const older = agentFor(fake!.url);
	fake!.capabilities = undefined;
	gateways.push(await startTestGateway({ agent: older }));
	expect(older.description).toContain('capabilities: runs only (no /v1/capabilities)');
});

it('a steer reaches the running run when Hermes offers steering', async () => {
	const { client } = await setUp(
		{ steps: [delta('Working. '), { waitSteer: true }, delta('Done.'), completed] },
		ALL
	);
	const from = client.frames.length;
	await client.request('message.send', { text: 'format it' });
	await client.waitFor((f) => f.type === 'message.update', from, 'first text');
	await client.request('agent.steer', { text: 'use tabs' });
	const frames = await idle(client, from);
	expect(payloadOf(frames, 'message.stop').final_text).toBe('Working. Steered: use tabs. Done.');
	expect(fake!.steers).toEqual([{ runId: 'run_1', body: { text: 'use tabs' }, status: 200 }]);
	expect(all(frames, 'commentary').map((c) => c.text)).toEqual(['Steering: use tabs']);
	expect(fake!.runs).toHaveLength(1);
});

for (const [name, capabilities, status] of [
	['refused (409)', ALL, 409],
	['not offered', undefined, 200]
] as const) {
	it(`a steer Hermes cannot take (${name}) is sent as the next message, and the user is told`, async () => {
		const { client } = await setUp({ steps: [delta('Working.'), { hold: true }] }, capabilities);
		fake!.steerStatus = status;
		const from = client.frames.length;
		await client.request('message.send', { text: 'go' });
		await client.waitFor((f) => f.type === 'message.update', from, 'first text');
		await client.request('agent.steer', { text: 'use tabs' });
		await client.waitFor(
			(f) => f.type === 'commentary' && f.payload.text === STEER_QUEUED_NOTICE,
			from,
			'notice'
		);
		fake!.script = { steps: [delta('Tabs it is.'), completed] };
		await client.request('agent.stop', {});
		const frames = await idle(client, from, 2);
		const texts = all(frames, 'message.stop').map((s) => s.final_text);
		expect(texts).toEqual(['Working.', 'Tabs it is.']);
		// The steer is the user's next message, after the steered answer closed.
		const asked = frames.findIndex((f) => f.type === 'message' && f.payload.text === 'use tabs');
		expect(asked).toBeGreaterThan(frames.findIndex((f) => f.type === 'message.stop'));
		expect(frames[asked]!.payload).toMatchObject({ role: 'user' });
		expect(fake!.runs[1]!.body).toMatchObject({ input: 'use tabs' });
		expect(fake!.steers.map((s) => s.status)).toEqual(capabilities ? [409] : []);
	});
}

it('a clarify question opens picker.clarify; the answer (any text) is posted to the run', async () => {
	const question = {
		event: 'clarify.request',
		question: 'Which language?',
		choices: ['python', { value: 'ts', label: 'TypeScript' }]
	};
	const { client } = await setUp(
		{ steps: [delta('One question. '), question, delta('OK.'), completed] },
		ALL
	);
	const from = client.frames.length;
	await client.request('message.send', { text: 'write a script' });
	const picker = (await client.waitFor(
		(f) => f.type === 'picker.clarify',
		from,
		'picker.clarify'
	)) as ServerFrameOf<'picker.clarify'>;
	expect(picker.payload).toMatchObject({
		question: 'Which language?',
		choices: [{ value: 'python' }, { value: 'ts', label: 'TypeScript' }]
	});
	await client.request('picker.select', { picker_id: picker.payload.picker_id, value: 'rust' });
	const frames = await idle(client, from);
	expect(fake!.clarifications).toEqual([{ runId: 'run_1', body: { answer: 'rust' }, status: 200 }]);
	expect(payloadOf(frames, 'message.stop').final_text).toBe('One question. OK.');
});

it('without a clarify endpoint, the answer becomes the next message, with a notice', async () => {
	const question = { event: 'clarify.request', question: 'Which language?' };
	const { client } = await setUp({ steps: [delta('Hm. '), question, delta('Never.')] });
	const from = client.frames.length;
	await client.request('message.send', { text: 'write a script' });
	const picker = (await client.waitFor(
		(f) => f.type === 'picker.clarify',
		from
	)) as ServerFrameOf<'picker.clarify'>;
	fake!.script = { steps: [delta('Rust then.'), completed] };
	await client.request('picker.select', { picker_id: picker.payload.picker_id, value: 'rust' });
	await client.waitFor(
		(f) => f.type === 'commentary' && f.payload.text === CLARIFY_QUEUED_NOTICE,
		from
	);
	// The run waits for an answer that cannot reach it: the user stops it.
	await client.request('agent.stop', {});
	const frames = await idle(client, from, 2);
	expect(fake!.clarifications).toEqual([]);
	expect(fake!.runs[1]!.body.input).toBe('rust');
	expect(all(frames, 'message.stop').map((s) => s.final_text)).toEqual(['Hm. ', 'Rust then.']);
});

it('an events stream cut mid-run is re-attached: no text lost or shown twice', async () => {
	const { client } = await setUp({
		steps: [
			delta('One, '),
			delta('two, '),
			{ cut: true, meanwhile: [delta('three, ')] },
			delta('four.'),
			{ cut: true, meanwhile: [delta(' Five.'), completed] }
		]
	});
	const from = client.frames.length;
	await client.request('message.send', { text: 'count' });
	const frames = await idle(client, from);
	const final = payloadOf(frames, 'message.stop').final_text ?? '';
	expect(final).toBe('One, two, three, four. Five.');
	// Every update is the answer so far: a prefix of the final text, never a repeat.
	for (const u of all(frames, 'message.update')) expect(final.startsWith(u.text ?? '')).toBe(true);
	expect(frames.some((f) => f.type === 'error')).toBe(false);
	expect(fake!.snapshots).toBe(2);
	expect(all(frames, 'message.start')).toHaveLength(1);
});

it('a cut stream of a server that cannot tell the run state: the answer closes with an error', async () => {
	const { client } = await setUp({ steps: [delta('So far'), { cut: true }, delta(' never')] });
	fake!.runState = false;
	const from = client.frames.length;
	await client.request('message.send', { text: 'count' });
	const frames = await idle(client, from);
	expect(payloadOf(frames, 'message.stop').final_text).toBe('So far');
	expect(payloadOf(frames, 'error').message).toBe(
		`the event stream of Hermes run run_1 ended before the run did, and ${fake!.url}/v1/runs/run_1 did not tell its state`
	);
});

it('Hermes down: degraded, turns answer an error naming the URL; back up: online, turns work', async () => {
	fake = await startFakeHermes({ steps: [delta('Back.'), completed] });
	await fake.down();
	const agent = agentFor(fake.url);
	const t = await startTestGateway({ agent });
	gateways.push(t);
	expect(agent.description).toContain('unreachable, retrying');
	const [client] = await TestClient.paired(t.gw.wsUrl);
	await client.waitFor((f) => f.type === 'status' && f.payload.state === 'degraded', 0, 'degraded');
	const from = client.frames.length;
	await client.request('message.send', { text: 'anyone?' });
	const failed = await idle(client, from);
	expect(payloadOf(failed, 'error').message).toContain(
		`cannot reach Hermes Agent at ${fake.url}/v1/runs`
	);
	expect((await client.request('ping', {})).type).toBe('pong');

	fake.capabilities = ALL;
	await fake.up();
	const online = client.frames.length;
	await client.waitFor(
		(f) => f.type === 'status' && f.payload.state === 'online',
		online,
		'online'
	);
	expect(agent.description).toContain('capabilities: runs, steer, clarify');
	const ok = client.frames.length;
	await client.request('message.send', { text: 'now?' });
	expect(payloadOf(await idle(client, ok), 'message.stop').final_text).toBe('Back.');

	// Down again mid-session: the failed turn is what notices.
	await fake.down();
	const again = client.frames.length;
	await client.request('message.send', { text: 'still there?' });
	await idle(client, again);
	await client.waitFor((f) => f.type === 'status' && f.payload.state === 'degraded', again);
	await client.close();
});

it('a gateway restart mid-run stops the run and closes the answer as cut off', async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'iris-hermes-'));
	fake = await startFakeHermes({ steps: [delta('Partial answer'), { hold: true }] });
	const first = await startTestGateway({ store: openSqliteStore(dir), agent: agentFor(fake.url) });
	const [client] = await TestClient.paired(first.gw.wsUrl);
	await client.request('message.send', { text: 'long job' });
	await client.waitFor((f) => f.type === 'message.update' && f.payload.text === 'Partial answer');
	const stopped = fake.stopped();
	await first.stop();
	expect(await stopped).toBe('run_1');

	const second = await startTestGateway({ store: openSqliteStore(dir), agent: agentFor(fake.url) });
	gateways.push(second);
	const [again] = await TestClient.paired(second.gw.wsUrl, 'dev-2');
	const history = (await again.request('history', {})) as ServerFrameOf<'history'>;
	const cut = history.payload.messages.find((m) => m.role === 'assistant');
	expect(cut?.text).toBe(`Partial answer\n\n${CUT_OFF_NOTE}`);
	await client.close();
	await again.close();
});
