/**
 * What each `/demo <name>` scenario shows, as the composer's slash suggestions describe it: a
 * person trying the demo picks from these, so each says what will happen, not the scenario's name.
 * A scenario missing here is described by its name (`Demo: <name>`).
 */
export const SCENARIO_DESCRIPTIONS: Readonly<Record<string, string>> = {
	alert: 'Show a gateway error banner',
	approval: 'Ask you to approve a command',
	'bench-code': 'Stream a long answer full of code (benchmark)',
	'bench-stream': 'Stream a long mixed answer quickly (benchmark)',
	channel: 'Create a new channel, as the agent does for a new topic',
	choice: 'Ask you to pick one of several options',
	clarify: 'Ask you a question with suggested answers',
	confirm: 'Ask you to confirm a reset',
	cron: 'Deliver a scheduled task’s report',
	help: 'List the demos and what each shows',
	history: 'Add older messages to this channel to scroll through',
	media: 'Send an image and a voice note, and offer a file',
	model: 'Ask you to choose a model',
	notify: 'Show a notification of a given kind',
	reasoning: 'Think out loud first, then answer',
	rename: 'Rename this channel',
	showcase: 'Answer with code, math, a diagram, a table and a task list',
	slow: 'Answer slowly (~20 s), to try Stop and Steer',
	status: 'Restart the agent briefly',
	task: 'Run tools and ask your approval midway, like a real task',
	tools: 'Read a file and run the tests (one tool fails)'
};
