/**
 * Demo scenarios for pickers. Each opens the turn's message, asks, waits for
 * `picker.select`, and answers with what was chosen:
 * - `/demo approval`: `picker.approval` (once / session / always / deny) before a command runs;
 * - `/demo model`: `picker.model`, value `<provider id>:<model id>`;
 * - `/demo choice`: `picker.choice`;
 * - `/demo clarify`: `picker.clarify` (one of its choices, or any text);
 * - `/demo confirm`: `picker.confirm`, value `yes` or `no`.
 */
import type { ServerPayloads } from '../../src/lib/protocol/iris';
import { registerPickerReply } from '../control/restore';
import { runControlled } from '../control/run-controlled';
import type { PickerType } from '../control/turn-context';
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

/**
 * Register `/demo <name>`: a turn that says `intro`, asks with a picker of `type` (accepting
 * `values`, or any text when null) and streams `reply(value)`.
 */
function pickerScenario<T extends PickerType>(
	name: string,
	intro: string,
	type: T,
	payload: Omit<ServerPayloads[T], 'picker_id'>,
	values: readonly string[] | null,
	reply: (value: string) => string
): void {
	registerPickerReply(name, reply);
	registerScenario(name, (hub, scope, _args, signal) =>
		runControlled(hub, scope, signal, async (ctx) => {
			ctx.start();
			await ctx.stream(intro);
			const value = await ctx.ask(type, payload, values, name);
			await ctx.stream(reply(value));
		})
	);
}

pickerScenario(
	'approval',
	'I need to clean the build folder. ',
	'picker.approval',
	{ command: 'rm -rf build/', description: 'Delete the build output folder' },
	APPROVAL_VALUES,
	(value) =>
		value === 'deny'
			? 'Understood, I did **not** run the command.'
			: `Approved (${value}). I ran \`rm -rf build/\`; the folder is gone.`
);

pickerScenario(
	'model',
	'Pick the model for this chat. ',
	'picker.model',
	{ current_provider: 'anthropic', current_model: 'claude-sonnet', providers: DEMO_PROVIDERS },
	DEMO_PROVIDERS.flatMap((p) => p.models.map((m) => `${p.id}:${m.id}`)),
	(value) => `Model switched to \`${value}\`.`
);

pickerScenario(
	'choice',
	'How should I format the answer? ',
	'picker.choice',
	{ title: 'Answer format', choices: CHOICES },
	CHOICES.map((c) => c.value),
	(value) => `You chose **${value}**.`
);

pickerScenario(
	'clarify',
	'One question before I start. ',
	'picker.clarify',
	{ question: 'Which language should the script use?', choices: CLARIFY_CHOICES },
	null,
	(value) => `I will write it in **${value}**.`
);

pickerScenario(
	'confirm',
	'This will reset the conversation. ',
	'picker.confirm',
	{ title: 'Reset the conversation?', message: 'The agent forgets this chat.' },
	['yes', 'no'],
	(value) => (value === 'yes' ? 'Conversation reset.' : 'Nothing was reset.')
);
