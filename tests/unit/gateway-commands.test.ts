/**
 * The gateway's slash commands (doc/agents.md "Commands") on every agent: the demo, an
 * OpenAI-compatible server and a Hermes Agent (both fakes). A command is carried out by the
 * gateway and never reaches the model as chat text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { parseCommand } from '../../gateway/commands/parse';
import { HERMES_COMMANDS } from '../../gateway/features/commands';
import {
	note,
	startHarness,
	stopOf,
	turn,
	type AgentKind,
	type Harness
} from './support/command-harness';

let h: Harness | undefined;
afterEach(async () => {
	await h?.close();
	h = undefined;
});

it('tells commands from chat text', () => {
	expect(parseCommand('/model')).toEqual({ name: '/model', args: '' });
	expect(parseCommand('  /Queue  do this\nand that ')).toEqual({
		name: '/queue',
		args: 'do this\nand that'
	});
	expect(parseCommand('/etc/hosts is missing')).toBeNull();
	expect(parseCommand('hello /new')).toBeNull();
	expect(parseCommand('/')).toBeNull();
});

describe.each<AgentKind>(['demo', 'openai', 'hermes'])('with the %s agent', (kind) => {
	it('lists Hermes’ commands with descriptions and hints (and the demo’s own with the demo)', async () => {
		h = await startHarness(kind);
		const answer = (await h.client.request(
			'commands.catalog',
			{}
		)) as ServerFrameOf<'commands.catalog'>;
		const names = answer.payload.commands.map((c) => c.name);
		for (const name of ['/new', '/model', '/stop', '/steer', '/queue', '/retry', '/undo']) {
			expect(names).toContain(name);
		}
		for (const name of ['/approve', '/deny', '/status', '/usage', '/title', '/compress', '/help']) {
			expect(names).toContain(name);
		}
		expect(answer.payload.commands.every((c) => !!c.description)).toBe(true);
		expect(answer.payload.commands.find((c) => c.name === '/steer')?.args_hint).toBe('<text>');
		expect(names.some((n) => n.startsWith('/demo '))).toBe(kind === 'demo');
	});

	it('/help, /status, /usage are answered by the gateway; unavailable commands say so', async () => {
		h = await startHarness(kind);
		await turn(h, 'hello there');
		const asked = h.asks().length;
		const help = await note(h, '/help');
		for (const c of HERMES_COMMANDS) expect(help).toContain(c.name);
		const status = await note(h, '/status');
		expect(status).toContain(kind === 'demo' ? 'demo agent' : '127.0.0.1');
		expect(status).toContain('2 messages the agent sees');
		const usage = await note(h, '/usage');
		const tokens = { demo: /This conversation: [1-9]/, openai: /: 5\b/, hermes: /: 7\b/ }[kind];
		expect(usage).toMatch(tokens);
		for (const text of ['/title My chat', '/compress', '/frobnicate now']) {
			const said = await note(h, text);
			expect(said).toMatch(/^`\/\w+` is not available through this agent\.$/);
		}
		expect(h.asks()).toHaveLength(asked);
		// None of these entered the conversation.
		await turn(h, 'and now?');
		expect(h.asks().at(-1)!.history).toHaveLength(2);
	});

	it('/new starts a fresh conversation (a new Hermes session)', async () => {
		h = await startHarness(kind);
		await turn(h, 'apple');
		await turn(h, 'banana');
		expect(h.asks()[1]!.history).toHaveLength(2);
		expect(await note(h, '/new')).toContain('New conversation');
		await turn(h, 'cherry');
		const after = h.asks().at(-1)!;
		expect(after.input).toBe('cherry');
		expect(after.history).toEqual([]);
		if (kind === 'hermes') expect(after.session).not.toBe(h.asks()[0]!.session);
		await turn(h, 'date');
		expect(h.asks().at(-1)!.history).toHaveLength(2);
		if (kind === 'hermes') expect(h.asks().at(-1)!.session).toBe(after.session);
	});

	it('/undo drops the last exchange and says which; /retry asks the last message again', async () => {
		h = await startHarness(kind);
		await turn(h, 'one');
		await turn(h, 'two');
		const undone = await note(h, '/undo');
		expect(undone).toContain('“two”');
		expect(undone).toContain('your message and its answer');
		await turn(h, 'three');
		expect(h.asks().at(-1)!.history).toHaveLength(2);
		const retried = await turn(h, '/retry');
		const again = h.asks().at(-1)!;
		expect(again.input).toBe('three');
		expect(again.history).toHaveLength(2);
		expect(stopOf(retried).final_text).toBeTruthy();
		// The first answer to "three" is gone; the retried one stays.
		await turn(h, 'four');
		expect(h.asks().at(-1)!.history).toHaveLength(4);
		if (kind !== 'demo') {
			const history = h.asks().at(-1)!.history;
			expect(history.filter((t) => t === 'three')).toHaveLength(1);
			expect(history).not.toContain('two');
		}
	});

	it('/queue asks its text as the next message; no command reaches the model', async () => {
		h = await startHarness(kind);
		await turn(h, '/queue what time is it');
		expect(h.asks().at(-1)!.input).toBe('what time is it');
		await turn(h, 'thanks');
		const last = h.asks().at(-1)!;
		expect(last.history).toHaveLength(2);
		for (const ask of h.asks()) {
			expect(ask.input.startsWith('/')).toBe(false);
			expect(ask.history.some((t) => t.startsWith('/'))).toBe(false);
		}
		expect(await note(h, '/queue')).toContain('Usage');
	});
});
