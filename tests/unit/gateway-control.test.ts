import { describe, expect, it } from 'vitest';
import type { ServerFrame, ServerFrameOf } from '../../src/lib/protocol/iris';
import { REASONING_TEXT } from '../../gateway/demo/anatomy';
import { SHOWCASE_ANSWER } from '../../gateway/demo/showcase';
import { sendAndFinish, useGateway } from './gateway-suite';
import type { TestClient } from './gateway-helpers';

const suite = useGateway();

function ofType<T extends ServerFrame['type']>(frames: ServerFrame[], type: T): ServerFrameOf<T>[] {
	return frames.filter((f) => f.type === type) as ServerFrameOf<T>[];
}

/** Send `text` and wait for the first frame after its ack matching `pred`. */
async function sendAndWait(
	client: TestClient,
	text: string,
	pred: (f: ServerFrame) => boolean
): Promise<ServerFrame> {
	const ack = await client.request('message.send', { text });
	return client.waitFor(pred, client.indexOf(ack), 'turn frame');
}

describe('/demo tools', () => {
	it('plays commentary and two tool cards on the turn’s message, the second failing', async () => {
		const [client] = await suite.pair();
		const { turn } = await sendAndFinish(client, '/demo tools');
		const [start] = ofType(turn, 'message.start');
		const message_id = start!.payload.message_id;
		expect(ofType(turn, 'commentary').map((c) => c.payload)).toEqual([
			{ message_id, text: 'Let me look at the project files first.' },
			{ message_id, text: 'Now I will run the tests.' }
		]);
		const starts = ofType(turn, 'tool.start').map((t) => t.payload);
		expect(starts).toMatchObject([
			{ index: 0, name: 'read_file', message_id, args: { path: 'README.md' } },
			{ index: 1, name: 'terminal', message_id, preview: 'npm test' }
		]);
		expect(ofType(turn, 'tool.progress').map((p) => [p.payload.index, p.payload.note])).toEqual([
			[0, 'opening README.md'],
			[0, 'read 40 lines'],
			[1, 'running 12 suites']
		]);
		const ends = ofType(turn, 'tool.end').map((t) => t.payload);
		expect(ends.map((e) => [e.index, e.ok])).toEqual([
			[0, true],
			[1, false]
		]);
		for (const end of ends) expect(typeof end.duration).toBe('number');
		expect(ofType(turn, 'agent.busy').map((b) => b.payload.reason)).toContain('tool');
	});
});

describe('/demo reasoning', () => {
	it('streams reasoning before the answer and keeps it in message.stop', async () => {
		const [client] = await suite.pair();
		const { turn } = await sendAndFinish(client, '/demo reasoning');
		const updates = ofType(turn, 'message.update').map((u) => u.payload);
		expect(updates[0]).toMatchObject({ text: '' });
		expect(updates[0]!.reasoning!.length).toBeGreaterThan(0);
		const [stop] = ofType(turn, 'message.stop');
		expect(stop!.payload.reasoning).toBe(REASONING_TEXT);
		expect(stop!.payload.final_text).toContain('simpler option wins');
	});
});

describe('/demo showcase', () => {
	it('streams an answer with code, math, a diagram, a table and a task list', async () => {
		const [client] = await suite.pair();
		const { turn } = await sendAndFinish(client, '/demo showcase');
		const [stop] = ofType(turn, 'message.stop');
		expect(stop!.payload.final_text).toBe(SHOWCASE_ANSWER);
		for (const part of ['```python', '$$', '```mermaid', '| --- |', '- [x]'])
			expect(stop!.payload.final_text).toContain(part);
		expect(ofType(turn, 'message.update').length).toBeGreaterThan(1);
	});
});

describe('picker.select', () => {
	it('continues the turn with the answer, once; refuses unknown pickers and values', async () => {
		const [client] = await suite.pair();
		const picker = (await sendAndWait(
			client,
			'/demo approval',
			(f) => f.type === 'picker.approval'
		)) as ServerFrameOf<'picker.approval'>;
		const { picker_id, command, message_id } = picker.payload;
		expect(command).toBe('rm -rf build/');
		expect(message_id).toBeDefined();

		const wrong = await client.request('picker.select', { picker_id, value: 'maybe' });
		expect(wrong).toMatchObject({ type: 'error', payload: { code: 'not_found' } });
		const unknown = await client.request('picker.select', { picker_id: 'nope', value: 'once' });
		expect(unknown).toMatchObject({ type: 'error', payload: { code: 'not_found' } });

		const ack = await client.request('picker.select', { picker_id, value: 'once' });
		expect(ack).toMatchObject({ type: 'agent.busy', payload: { reason: 'processing' } });
		const from = client.indexOf(ack);
		const stop = (await client.waitFor(
			(f) => f.type === 'message.stop',
			from
		)) as ServerFrameOf<'message.stop'>;
		expect(stop.payload.final_text).toContain('Approved (once)');
		expect(
			client.frames.some(
				(f) => f.type === 'picker.approval' && f.payload.answer === 'once' && f.id === undefined
			)
		).toBe(true);
		const again = await client.request('picker.select', { picker_id, value: 'once' });
		expect(again).toMatchObject({ type: 'error', payload: { code: 'not_found' } });
		expect(suite.gateway().logs).toContain(
			`[gateway] picker.select ${JSON.stringify({ picker_id, value: 'once' })}`
		);
	});

	it('offers providers and models with the current one, answered as provider:model', async () => {
		const [client] = await suite.pair();
		const picker = (await sendAndWait(
			client,
			'/demo model',
			(f) => f.type === 'picker.model'
		)) as ServerFrameOf<'picker.model'>;
		expect(picker.payload).toMatchObject({ current_model: 'claude-sonnet' });
		const ack = await client.request('picker.select', {
			picker_id: picker.payload.picker_id,
			value: 'local:hermes-3-8b'
		});
		const stop = (await client.waitFor(
			(f) => f.type === 'message.stop',
			client.indexOf(ack)
		)) as ServerFrameOf<'message.stop'>;
		expect(stop.payload.final_text).toContain('local:hermes-3-8b');
	});
});

describe('agent.stop and agent.steer', () => {
	it('stop ends a slow turn with what was streamed, then agent.idle', async () => {
		const [client] = await suite.pair();
		await sendAndWait(
			client,
			'/demo slow',
			(f) => f.type === 'message.update' && f.payload.text.includes('word2 ')
		);
		const answer = await client.request('agent.stop', {});
		expect(answer.type).toBe('agent.idle');
		const updates = ofType(client.frames, 'message.update');
		const [stop] = ofType(client.frames, 'message.stop');
		expect(stop!.payload.final_text).toBe(updates.at(-1)!.payload.text);
		expect(stop!.payload.final_text).not.toContain('Done.');
		const events = client.frames.slice(client.frames.indexOf(stop!)).map((f) => f.type);
		expect(events).toContain('agent.idle');
	});

	it('steer is acknowledged and woven into the running answer', async () => {
		const [client] = await suite.pair();
		await sendAndWait(client, '/demo slow', (f) => f.type === 'message.update');
		const ack = await client.request('agent.steer', { text: 'mention bananas' });
		expect(ack).toMatchObject({
			type: 'commentary',
			payload: { text: 'Steering: mention bananas' }
		});
		await client.waitFor(
			(f) => f.type === 'message.update' && f.payload.text.includes('Steered: mention bananas'),
			client.indexOf(ack)
		);
		await client.request('agent.stop', {});
	});

	it('a device syncing mid-turn is told the agent is busy, with the current reason', async () => {
		const [a] = await suite.pair('dev-a');
		await sendAndWait(a, '/demo approval', (f) => f.type === 'picker.approval');
		const [b, ack] = await suite.pair('dev-b');
		const cursor = (ack as ServerFrameOf<'hello.ack'>).payload.sync_cursor ?? 0;
		const done = await b.request('sync', { cursor });
		const busy = await b.waitFor((f) => f.type === 'agent.busy', b.indexOf(done), 'busy');
		expect(busy).toMatchObject({ chat_id: 'default', payload: { reason: 'waiting_input' } });
		expect(busy.id).toBeUndefined();
		await a.request('agent.stop', {});
	});

	it('a device paired while a question waits gets that question after its sync', async () => {
		const [a] = await suite.pair('dev-a');
		const asked = (await sendAndWait(
			a,
			'/demo approval',
			(f) => f.type === 'picker.approval'
		)) as ServerFrameOf<'picker.approval'>;
		const [b, ack] = await suite.pair('dev-b');
		const cursor = (ack as ServerFrameOf<'hello.ack'>).payload.sync_cursor ?? 0;
		const done = await b.request('sync', { cursor });
		const picker = await b.waitFor((f) => f.type === 'picker.approval', b.indexOf(done), 'picker');
		expect(picker).toMatchObject({ chat_id: 'default', payload: asked.payload });
		// Answered from the new device, the turn goes on.
		const answered = await b.request('picker.select', {
			picker_id: asked.payload.picker_id,
			value: 'once'
		});
		expect(answered).toMatchObject({ type: 'agent.busy' });
		await a.request('agent.stop', {});
	});

	it('steer without a running turn is not_found; stop without one just answers idle', async () => {
		const [client] = await suite.pair();
		const steer = await client.request('agent.steer', { text: 'x' });
		expect(steer).toMatchObject({ type: 'error', payload: { code: 'not_found' } });
		expect((await client.request('agent.stop', {})).type).toBe('agent.idle');
	});
});
