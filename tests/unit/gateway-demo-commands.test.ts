/**
 * The demo gateway's slash commands over the Iris protocol: the command catalog and completion,
 * and the /demo scenarios (history, cron, notify, status, channel, rename).
 */
import { describe, expect, it } from 'vitest';
import type { ServerFrameOf } from '../../src/lib/protocol/iris';
import { complete } from '../../gateway/features/commands';
import { useGateway } from './gateway-suite';

const suite = useGateway();
const pair = (device?: string) => suite.pair(device);

describe('commands', () => {
	it('lists Hermes commands and one /demo entry per scenario', async () => {
		const [a] = await pair();
		const catalog = (await a.request('commands.catalog', {})) as ServerFrameOf<'commands.catalog'>;
		const names = catalog.payload.commands.map((c) => c.name);
		expect(names).toEqual(
			expect.arrayContaining(['/new', '/model', '/stop', '/help', '/demo cron'])
		);
		expect(catalog.payload.commands.find((c) => c.name === '/demo history')?.category).toBe('demo');
		// Each demo says what it will do, not just its name (a person picks from these).
		const demos = catalog.payload.commands.filter((c) => c.category === 'demo');
		expect(demos.length).toBeGreaterThan(10);
		expect(demos.filter((c) => !c.description || c.description.startsWith('Demo:'))).toEqual([]);
		expect(demos.find((c) => c.name === '/demo slow')?.description).toMatch(/Stop and Steer/);
		// `/demo` alone (the list of scenarios) comes before them, then the showcase a newcomer
		// is pointed to; the benchmarks' scenarios are not offered.
		expect(demos[0]).toMatchObject({ name: '/demo', args_hint: '[scenario]' });
		expect(demos[1]?.name).toBe('/demo showcase');
		expect(demos.filter((c) => c.name.startsWith('/demo bench'))).toEqual([]);
	});

	it('completes a prefix, with or without the slash', async () => {
		const [a] = await pair();
		const answer = (await a.request('commands.complete', {
			prefix: '/MO'
		})) as ServerFrameOf<'commands.complete'>;
		expect(answer.payload.matches.map((m) => m.name)).toEqual(['/model']);
		expect(complete('st').map((m) => m.name)).toEqual(['/stop', '/status', '/steer']);
		expect(complete('/zzz')).toEqual([]);
	});
});

describe('demo scenarios', () => {
	it('/demo history seeds older messages served by history pages', async () => {
		const [a] = await pair();
		// The scenario runs right after the ack, before the next frame is read.
		const ack = (await a.request('message.send', {
			text: '/demo history 30'
		})) as ServerFrameOf<'message'>;
		const page = (await a.request('history', {
			before_message_id: ack.payload.message_id,
			limit: 20
		})) as ServerFrameOf<'history'>;
		expect(page.payload.messages).toHaveLength(20);
		expect(page.payload.has_more).toBe(true);
		expect(page.payload.messages.at(-1)?.text).toBe('Old message 30 of 30');
		const rest = (await a.request('history', {
			before_message_id: page.payload.oldest_message_id,
			limit: 20
		})) as ServerFrameOf<'history'>;
		expect(rest.payload.messages).toHaveLength(10);
		expect(rest.payload.has_more).toBe(false);
	});

	it('/demo alone, or with a name no demo has, answers with the list of demos', async () => {
		const [a] = await pair();
		for (const [text, first] of [
			['/demo', 'Send one of these'],
			['/demo help me', 'Send one of these'],
			['/demo taks', 'There is no demo called `taks`.']
		] as const) {
			const sent = await a.request('message.send', { text });
			const stop = await a.waitFor((f) => f.type === 'message.stop', a.indexOf(sent));
			const answer = (stop as ServerFrameOf<'message.stop'>).payload.final_text ?? '';
			expect(answer.startsWith(first)).toBe(true);
			expect(answer).toContain('- `/demo task`: Run tools and ask your approval midway');
			expect(answer).not.toContain('/demo help');
		}
	});

	it('/demo cron sends a cron notification and a cron message', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo cron' });
		const from = a.indexOf(sent);
		expect(await a.waitFor((f) => f.type === 'notification', from)).toMatchObject({
			chat_id: 'default',
			payload: { kind: 'cron' }
		});
		expect(await a.waitFor((f) => f.type === 'message' && f.id === undefined, from)).toMatchObject({
			payload: { role: 'cron' }
		});
	});

	it('/demo notify <kind> and /demo status', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo notify approval Needs you' });
		expect(await a.waitFor((f) => f.type === 'notification', a.indexOf(sent))).toMatchObject({
			payload: { kind: 'approval', title: 'Needs you' }
		});
		const status = await a.request('message.send', { text: '/demo status' });
		const from = a.indexOf(status);
		await a.waitFor((f) => f.type === 'status' && f.payload.state === 'restarting', from);
		await a.waitFor((f) => f.type === 'status' && f.payload.state === 'online', from);
	});

	it('/demo channel and /demo rename', async () => {
		const [a] = await pair();
		const sent = await a.request('message.send', { text: '/demo channel Ideas' });
		const created = (await a.waitFor(
			(f) => f.type === 'channel.created',
			a.indexOf(sent)
		)) as ServerFrameOf<'channel.created'>;
		expect(created.payload.name).toBe('Ideas');
		const chat_id = created.payload.chat_id;
		const renamed = await a.request('message.send', { text: '/demo rename Plans' }, { chat_id });
		expect(await a.waitFor((f) => f.type === 'channel.renamed', a.indexOf(renamed))).toMatchObject({
			payload: { chat_id, name: 'Plans' }
		});
	});
});
