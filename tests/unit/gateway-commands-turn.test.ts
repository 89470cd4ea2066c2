/**
 * The slash commands about models and the running turn (doc/agents.md "Commands") on every
 * agent: `/model` (picker and by name, kept per channel and across a restart), `/stop`,
 * `/steer`, `/approve`, `/deny`; and `/new` surviving a restart of a durable gateway.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { openSqliteStore } from '../../gateway/storage/sqlite/open';
import {
	HERMES_ANSWER,
	note,
	startHarness,
	stopOf,
	turn,
	type AgentKind,
	type Harness
} from './support/command-harness';

let h: Harness | undefined;
let dataDir: string | undefined;
afterEach(async () => {
	await h?.close();
	if (dataDir) await rm(dataDir, { recursive: true, force: true });
	h = dataDir = undefined;
});

/** The models each agent's `/model` picker offers (fakes: their `GET …/models` lists). */
const OFFERED: Record<AgentKind, string[]> = {
	demo: [
		'demo:demo-echo',
		'anthropic:claude-sonnet',
		'anthropic:claude-haiku',
		'local:hermes-3-8b'
	],
	openai: ['agent:fake-model', 'agent:fake-large'],
	hermes: ['agent:hermes-agent', 'agent:hermes-large']
};

/** The value to pick, and the model name it stands for. */
const PICK: Record<AgentKind, [string, string]> = {
	demo: ['anthropic:claude-haiku', 'claude-haiku'],
	openai: ['agent:fake-large', 'fake-large'],
	hermes: ['agent:hermes-large', 'hermes-large']
};

describe.each<AgentKind>(['demo', 'openai', 'hermes'])('with the %s agent', (kind) => {
	it('/model opens a picker of the offered models; the choice applies to later turns here', async () => {
		h = await startHarness(kind);
		const from = h.client.frames.length;
		await h.client.request('message.send', { text: '/model' });
		const picker = (await h.client.waitFor(
			(f) => f.type === 'picker.model',
			from,
			'picker.model'
		)) as ServerFrameOf<'picker.model'>;
		const offered = (picker.payload.providers ?? []).flatMap((p) =>
			(p.models ?? []).map((m) => `${p.id}:${m.id}`)
		);
		expect(offered).toEqual(OFFERED[kind]);
		if (kind === 'demo') expect(picker.payload.current_model).toBe('demo-echo');
		// The picker belongs to the note that asks.
		const asking = h.client.frames
			.slice(from)
			.find((f) => f.type === 'message' && f.payload.role === 'system') as ServerFrameOf<'message'>;
		expect(picker.payload.message_id).toBe(asking.payload.message_id);
		const [value, name] = PICK[kind];
		const idle = h.client.frames.length;
		await h.client.request('picker.select', { picker_id: picker.payload.picker_id, value });
		await h.client.waitFor((f) => f.type === 'agent.idle', idle, 'the picker turn ends');
		const answer = await turn(h, 'which model?');
		expect(h.asks().at(-1)!.model).toBe(name);
		expect(stopOf(answer).model).toBe(name);
		// Another channel keeps the default.
		const created = (await h.client.request('channel.create', {
			name: 'Other',
			kind: 'channel'
		})) as ServerFrameOf<'channel.created'>;
		const from2 = h.client.frames.length;
		await h.client.request('message.send', { text: 'hi' }, { chat_id: created.payload.chat_id });
		await h.client.waitFor((f) => f.type === 'agent.idle', from2, 'the other channel answers');
		expect(h.asks().at(-1)!.model).not.toBe(name);
		// By name, directly.
		expect(await note(h, '/model tiny-model')).toContain('`tiny-model`');
		await turn(h, 'and now?');
		expect(h.asks().at(-1)!.model).toBe('tiny-model');
		expect(await note(h, '/status')).toContain('`tiny-model`');
	});

	it('/stop stops the running turn; /steer reaches it', async () => {
		h = await startHarness(kind);
		if (h.openai) h.openai.script = { content: ['Partial', ' never'], hold: true };
		if (h.hermes)
			h.hermes.script = { steps: [{ event: 'message.delta', delta: 'Partial' }, { hold: true }] };
		const from = h.client.frames.length;
		const text = kind === 'demo' ? '/demo approval' : 'a long task';
		await h.client.request('message.send', { text });
		await h.client.waitFor(
			(f) =>
				(f.type === 'message.update' && f.payload.text.length > 0) || f.type === 'picker.approval',
			from,
			'the turn is under way'
		);
		const steerFrom = h.client.frames.length;
		await h.client.request('message.send', { text: '/steer be brief' });
		await h.client.waitFor(
			(f) => f.type === 'commentary' && f.payload.text === 'Steering: be brief',
			steerFrom,
			'the steering beat'
		);
		expect(await note(h, '/stop')).toBe('Stopped the running turn.');
		const frames = h.client.frames.slice(from);
		expect(frames.some((f) => f.type === 'agent.idle')).toBe(true);
		expect(frames.some((f) => f.type === 'error')).toBe(false);
		if (h.hermes) expect(h.hermes.stops).toHaveLength(1);
		if (h.openai) await h.openai.aborted;
		expect(await note(h, '/stop')).toBe('Nothing is running here to stop.');
		// With nothing to steer, the text is asked as a message.
		if (h.openai) h.openai.script = { content: ['ok'] };
		if (h.hermes) h.hermes.script = { steps: HERMES_ANSWER };
		await turn(h, '/steer summarise');
		expect(h.asks().at(-1)!.input).toBe('summarise');
	});

	it('/approve and /deny answer the open approval', async () => {
		h = await startHarness(kind);
		expect(await note(h, '/approve')).toBe('No command is waiting for an approval here.');
		const approval = { event: 'approval.request', command: 'rm -rf build/' };
		for (const [command, choice] of [
			['/approve session', 'session'],
			['/deny', 'deny']
		] as const) {
			if (kind === 'openai') break; // no approvals through an OpenAI-compatible server
			if (h.hermes) h.hermes.script = { steps: [approval, ...HERMES_ANSWER] };
			const from = h.client.frames.length;
			await h.client.request('message.send', {
				text: kind === 'demo' ? '/demo approval' : 'clean up'
			});
			await h.client.waitFor((f) => f.type === 'picker.approval', from, 'picker.approval');
			const said = await note(h, command);
			expect(said).toBe(
				`${choice === 'deny' ? 'Denied' : 'Approved (session)'}: \`rm -rf build/\``
			);
			await h.client.waitFor((f) => f.type === 'agent.idle', from, 'the turn goes on and ends');
			const answered = h.client.frames
				.slice(from)
				.find((f) => f.type === 'picker.approval' && f.payload.answer !== undefined);
			expect((answered as ServerFrameOf<'picker.approval'>).payload.answer).toBe(choice);
			if (h.hermes) expect(h.hermes.approvals.at(-1)?.choice).toBe(choice);
		}
		expect(await note(h, '/approve forever')).toContain('Usage');
	});
});

it('/new and /model are kept across a restart of a durable gateway (Hermes session)', async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'iris-commands-'));
	h = await startHarness('hermes', openSqliteStore(dataDir));
	await turn(h, 'before');
	await note(h, '/new');
	await note(h, '/model hermes-large');
	await turn(h, 'after');
	const session = h.asks().at(-1)!.session;
	expect(session).not.toBe(h.asks()[0]!.session);
	// Restart on the same data directory (and a new Hermes, which keeps nothing of ours).
	await h.close();
	h = await startHarness('hermes', openSqliteStore(dataDir));
	await turn(h, 'still there?');
	const ask = h.asks().at(-1)!;
	expect(ask.session).toBe(session);
	expect(ask.history).toEqual(['after', 'Hermes answers.']);
	expect(ask.model).toBe('hermes-large');
});
