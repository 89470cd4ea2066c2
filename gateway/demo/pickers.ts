/**
 * Demo scenarios for pickers (issue 3). Each opens the turn's message, asks, waits for
 * `picker.select`, and answers with what was chosen:
 * - `/demo approval`: `picker.approval` (once / session / always / deny) before a command runs;
 * - `/demo model`: `picker.model`, value `<provider id>:<model id>`;
 * - `/demo choice`: `picker.choice`;
 * - `/demo clarify`: `picker.clarify` (one of its choices, or any text);
 * - `/demo confirm`: `picker.confirm`, value `yes` or `no`.
 */
import { runControlled } from '../control/turn-context';
import { registerScenario } from './scenarios';

/** Answers of `picker.approval` (Hermes' approval choices). */
export const APPROVAL_VALUES = ['once', 'session', 'always', 'deny'] as const;

export const DEMO_PROVIDERS = [
	{
		id: 'anthropic',
		label: 'Anthropic',
		models: [
			{ id: 'claude-sonnet', label: 'Claude Sonnet' },
			{ id: 'claude-haiku', label: 'Claude Haiku' }
		]
	},
	{
		id: 'local',
		label: 'Local',
		models: [{ id: 'hermes-3-8b', label: 'Hermes 3 8B' }]
	}
];

const CHOICES = [
	{ value: 'short', label: 'Short summary' },
	{ value: 'detailed', label: 'Detailed report', is_current: true },
	{ value: 'bullets', label: 'Bullet points' }
];

const CLARIFY_CHOICES = [
	{ value: 'python', label: 'Python' },
	{ value: 'typescript', label: 'TypeScript' }
];

registerScenario('approval', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('I need to clean the build folder. ');
		const value = await ctx.ask(
			'picker.approval',
			{ command: 'rm -rf build/', description: 'Delete the build output folder' },
			APPROVAL_VALUES
		);
		await ctx.stream(
			value === 'deny'
				? 'Understood, I did **not** run the command.'
				: `Approved (${value}). I ran \`rm -rf build/\`; the folder is gone.`
		);
	})
);

registerScenario('model', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('Pick the model for this chat. ');
		const value = await ctx.ask(
			'picker.model',
			{ current_provider: 'anthropic', current_model: 'claude-sonnet', providers: DEMO_PROVIDERS },
			DEMO_PROVIDERS.flatMap((p) => p.models.map((m) => `${p.id}:${m.id}`))
		);
		await ctx.stream(`Model switched to \`${value}\`.`);
	})
);

registerScenario('choice', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('How should I format the answer? ');
		const value = await ctx.ask(
			'picker.choice',
			{ title: 'Answer format', choices: CHOICES },
			CHOICES.map((c) => c.value)
		);
		await ctx.stream(`You chose **${value}**.`);
	})
);

registerScenario('clarify', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('One question before I start. ');
		const value = await ctx.ask(
			'picker.clarify',
			{ question: 'Which language should the script use?', choices: CLARIFY_CHOICES },
			null
		);
		await ctx.stream(`I will write it in **${value}**.`);
	})
);

registerScenario('confirm', (hub, scope, _args, signal) =>
	runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream('This will reset the conversation. ');
		const value = await ctx.ask(
			'picker.confirm',
			{ title: 'Reset the conversation?', message: 'The agent forgets this chat.' },
			['yes', 'no']
		);
		await ctx.stream(value === 'yes' ? 'Conversation reset.' : 'Nothing was reset.');
	})
);
