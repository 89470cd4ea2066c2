/**
 * Demo scenarios for the anatomy of a turn:
 * - `/demo reasoning`: reasoning streamed first (extension `message.update.reasoning`), then the answer;
 * - `/demo tools`: commentary and two tool calls with progress notes, the second one failing;
 * - `/demo slow`: a long answer (~20 s) to try Stop and steering on.
 */
import { runControlled } from '../control/run-controlled';
import { registerScenario } from './scenarios';

/** ms between words of `/demo slow` (at least; the gateway's step if that is longer). */
export const SLOW_STEP_MS = 200;
/** Words of `/demo slow`. */
const SLOW_WORDS = 100;

/** The text of `/demo slow` (also the Hermes v3 demo's): 100 numbered words. */
export function slowAnswer(): string {
	const words = Array.from({ length: SLOW_WORDS }, (_, i) => `word${i + 1}`);
	return `A slow answer: ${words.join(' ')}. Done.`;
}

export const REASONING_TEXT =
	'The user wants to see reasoning. I will think in a few short steps: first restate the ' +
	'question, then weigh two options, then pick the simpler one and explain it briefly.';

registerScenario('reasoning', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.reason(REASONING_TEXT);
		await ctx.stream('After thinking it over: **the simpler option wins.** Here is why, in short.');
	})
);

registerScenario('tools', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		ctx.commentary('Let me look at the project files first.');
		await ctx.tool({
			index: 0,
			name: 'read_file',
			preview: 'README.md',
			args: { path: 'README.md', limit: 40 },
			notes: ['opening README.md', 'read 40 lines'],
			ok: true,
			output_preview: '# Iris Web\n\nIris Web is the installable browser client…'
		});
		ctx.commentary('Now I will run the tests.');
		await ctx.tool({
			index: 1,
			name: 'terminal',
			preview: 'npm test',
			args: { command: 'npm test' },
			notes: ['running 12 suites'],
			ok: false,
			output_preview: 'Error: 1 test failed (timeout)'
		});
		await ctx.stream('I read the README; the test run **failed** with a timeout.');
	})
);

registerScenario('slow', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream(slowAnswer(), Math.max(SLOW_STEP_MS, hub.options.demoStepMs));
	})
);
