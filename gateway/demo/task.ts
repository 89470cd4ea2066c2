/**
 * `/demo task`: a turn as a real agent task plays it — the agent reads a file (a tool), asks the
 * user to approve a command (`picker.approval`, while the turn waits), runs it as a second tool
 * when allowed, then answers. One turn with every kind of event a screen reader is told about.
 */
import { registerPickerReply } from '../control/restore';
import { runControlled } from '../control/run-controlled';
import { APPROVAL_VALUES } from './pickers';
import { registerScenario } from './scenarios';

/** The command `/demo task` asks to run. */
const COMMAND = 'rm -rf build/';

// After a gateway restart cut the turn, the kept question is still answered.
registerPickerReply('task', (value) =>
	value === 'deny'
		? 'You said no, so I left the build folder as it was.'
		: `Approved (${value}) after a restart: I cleaned the build folder.`
);

registerScenario('task', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('I will check the build settings, then clean the old output. ');
		await ctx.tool({
			index: 0,
			name: 'read_file',
			preview: 'vite.config.ts',
			args: { path: 'vite.config.ts' },
			ok: true,
			output_preview: "export default defineConfig({ build: { outDir: 'build' } })"
		});
		const value = await ctx.ask(
			'picker.approval',
			{ command: COMMAND, description: 'Delete the build output folder' },
			APPROVAL_VALUES,
			'task'
		);
		if (value === 'deny') {
			await ctx.stream('You said no, so I left the build folder as it was.');
			return;
		}
		await ctx.tool({
			index: 1,
			name: 'terminal',
			preview: COMMAND,
			args: { command: COMMAND },
			ok: true,
			output_preview: ''
		});
		await ctx.stream('The build folder is **clean**; the next build starts fresh.');
	})
);
