/** The Hermes runs API event → gateway action mapping (`gateway/agents/hermes-events.ts`), alone. */
import { describe, expect, it } from 'vitest';
import {
	mapEvent,
	newRunState,
	parseEvent,
	type HermesAction,
	type HermesEvent
} from '../../gateway/agents/hermes-events';

/** Map `events` in order (the i-th at `times[i]` ms, default 0); every action. */
function run(events: HermesEvent[], times: number[] = []): HermesAction[] {
	const state = newRunState();
	return events.flatMap((e, i) => mapEvent(state, e, times[i] ?? 0));
}

describe('parseEvent', () => {
	it('takes JSON objects with an event (or type) name, and nothing else', () => {
		expect(parseEvent('{"event":"message.delta","delta":"a"}')).toEqual({
			event: 'message.delta',
			delta: 'a'
		});
		expect(parseEvent('{"type":"run.completed"}')).toMatchObject({ event: 'run.completed' });
		for (const junk of ['', 'ping', '[1]', '"x"', 'null', '{"event":3}'])
			expect(parseEvent(junk)).toBeUndefined();
	});
});

describe('mapEvent', () => {
	it('accumulates the answer and its reasoning; a whole reasoning replaces the streamed one', () => {
		const writes = run([
			{ event: 'reasoning.delta', delta: 'Hm' },
			{ event: 'message.delta', delta: 'A' },
			{ event: 'message.delta', delta: 'B' },
			{ event: 'reasoning.available', text: 'Full thought' }
		]);
		expect(writes).toEqual([
			{ kind: 'write', text: '', reasoning: 'Hm' },
			{ kind: 'write', text: 'A', reasoning: 'Hm' },
			{ kind: 'write', text: 'AB', reasoning: 'Hm' },
			{ kind: 'write', text: 'AB', reasoning: 'Full thought' }
		]);
	});

	it('matches a completed tool to the oldest started one of its name; durations in seconds', () => {
		const actions = run(
			[
				{ event: 'tool.started', tool: 'terminal', preview: 'one' },
				{ event: 'tool.started', name: 'terminal', preview: 'two' },
				{ event: 'tool.completed', tool: 'terminal' },
				{ event: 'tool.completed', tool: 'terminal', duration: 0.25, error: 'exit 1' }
			],
			[1000, 2000, 3500, 4000]
		);
		expect(actions.filter((a) => a.kind === 'tool.start')).toEqual([
			{ kind: 'tool.start', index: 0, name: 'terminal', preview: 'one' },
			{ kind: 'tool.start', index: 1, name: 'terminal', preview: 'two' }
		]);
		expect(actions.filter((a) => a.kind === 'tool.end')).toEqual([
			{ kind: 'tool.end', index: 0, name: 'terminal', ok: true, duration: 2.5 },
			{
				kind: 'tool.end',
				index: 1,
				name: 'terminal',
				ok: false,
				duration: 0.25,
				output_preview: 'exit 1'
			}
		]);
		// Busy: tool while any runs, processing once none does.
		expect(
			actions.filter((a) => a.kind === 'busy').map((a) => a.kind === 'busy' && a.reason)
		).toEqual(['tool', 'tool', 'processing']);
	});

	it('shows a completed tool it never saw start as a card of its own', () => {
		expect(run([{ event: 'tool.completed', tool: 'search', output_preview: '3 hits' }])).toEqual([
			{ kind: 'tool.start', index: 0, name: 'search' },
			{
				kind: 'tool.end',
				index: 0,
				name: 'search',
				ok: true,
				duration: 0,
				output_preview: '3 hits'
			},
			{ kind: 'busy', reason: 'processing' }
		]);
	});

	it('maps approvals and the end of the run; unknown events do nothing', () => {
		expect(
			run([
				{ event: 'approval.request', command: 'rm x' },
				{ event: 'run.completed', usage: { completion_tokens: 4 } },
				{ event: 'run.completed', usage: { output_tokens: 5, completion_tokens: 4 }, model: 'm' },
				{ event: 'run.failed', error: { message: 'boom' } },
				{ event: 'run.failed' },
				{ event: 'run.cancelled' },
				{ event: 'session.compacted' }
			])
		).toEqual([
			{ kind: 'approval', command: 'rm x' },
			{ kind: 'done', tokens: 4 },
			{ kind: 'done', model: 'm', tokens: 5 },
			{ kind: 'failed', error: 'boom' },
			{ kind: 'failed', error: 'unknown error' },
			{ kind: 'cancelled' }
		]);
	});

	it('maps a clarify question: choices as strings or {value, label}; others dropped', () => {
		expect(
			run([
				{
					event: 'clarify.request',
					question: 'Which one?',
					choices: ['a', { value: 'b', label: 'Bee' }, { label: 'no value' }, 7, '']
				},
				{ event: 'clarify.request', text: 'Free text?' }
			])
		).toEqual([
			{
				kind: 'clarify',
				question: 'Which one?',
				choices: [{ value: 'a' }, { value: 'b', label: 'Bee' }]
			},
			{ kind: 'clarify', question: 'Free text?', choices: [] }
		]);
	});
});
