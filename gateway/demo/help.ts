/**
 * `/demo help`, also what `/demo` alone or with a name no scenario has answers: the list of demos
 * with what each shows, so a person trying the demo gateway finds them from the chat itself.
 */
import { runControlled } from '../control/run-controlled';
import { SCENARIO_DESCRIPTIONS } from './descriptions';
import {
	HELP_SCENARIO,
	registerScenario,
	registerUnknown,
	offeredScenarios,
	type Scenario
} from './scenarios';

/** The help answer's markdown; `asked`: the name asked for when no scenario has it. */
export function demoHelp(asked = ''): string {
	const name = asked.trim();
	const lines = offeredScenarios()
		.filter((scenario) => scenario !== HELP_SCENARIO)
		.map((scenario) => `- \`/demo ${scenario}\`: ${SCENARIO_DESCRIPTIONS[scenario] ?? scenario}`);
	return [
		name ? `There is no demo called \`${name.replaceAll('`', '')}\`.` : '',
		'Send one of these to see a part of Iris at work:',
		'',
		...lines
	]
		.filter((line, i) => i > 0 || line)
		.join('\n');
}

/** The scenario that streams `demoHelp(asked)`. */
function help(asked: string): Scenario {
	return (hub, scope, _args, signal) =>
		runControlled(hub, scope, signal, async (ctx) => {
			ctx.start();
			await ctx.stream(demoHelp(asked));
		});
}

registerScenario(HELP_SCENARIO, help(''));
registerUnknown(help);
