/**
 * Demo scenarios: a user message `/demo <name> [args]` makes the demo agent play a scripted turn
 * that exercises one part of the protocol (tools, pickers, channels, media …), so every frame type
 * can be produced on demand in development and tests. Feature modules register their scenarios
 * here; `handlers.ts` runs the one named, or the plain streamed echo when none matches.
 */
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';

/** One scripted turn. `args` is the text after the name; resolves when the turn is over. */
export type Scenario = (hub: Hub, scope: Scope, args: string, signal: AbortSignal) => Promise<void>;

const scenarios = new Map<string, Scenario>();

/** Register a scenario under `/demo <name>`. Throws if the name is taken (a wiring mistake). */
export function registerScenario(name: string, scenario: Scenario): void {
	if (scenarios.has(name)) throw new Error(`[gateway] demo scenario "${name}" registered twice`);
	scenarios.set(name, scenario);
}

/** The scenario that lists the others (demo/help.ts). */
export const HELP_SCENARIO = 'help';

let unknown: ((asked: string) => Scenario) | undefined;

/**
 * What `/demo` alone or with a name no scenario has plays: `answer(asked)`, the name asked for
 * ('' for none). Registered once, by demo/help.ts.
 */
export function registerUnknown(answer: (asked: string) => Scenario): void {
	unknown = answer;
}

/**
 * The scenario a user text asks for (`/demo <name> …`), with its args; `/demo` alone or with a
 * name no scenario has gets `registerUnknown`'s, if any. Undefined for any other text.
 */
export function findScenario(text: string): { scenario: Scenario; args: string } | undefined {
	const match = /^\/demo(?:\s+(\S+)\s*([\s\S]*))?$/.exec(text.trim());
	if (!match) return undefined;
	const scenario = match[1] === undefined ? undefined : scenarios.get(match[1]);
	if (scenario) return { scenario, args: match[2] ?? '' };
	return unknown ? { scenario: unknown(match[1] ?? ''), args: '' } : undefined;
}

/** Names of the registered scenarios, sorted. */
export function scenarioNames(): string[] {
	return [...scenarios.keys()].sort();
}

/** The scenario a newcomer is shown first: the one the README points to. */
const FIRST_OFFERED = 'showcase';

/**
 * The scenarios as offered to a person (the slash suggestions, the help answer): the showcase
 * first, then by name. The benchmarks' (`bench-…`, for `npm run bench`) are left out; they
 * still run when sent.
 */
export function offeredScenarios(): string[] {
	const names = scenarioNames().filter((name) => !name.startsWith('bench-'));
	return [
		...names.filter((name) => name === FIRST_OFFERED),
		...names.filter((name) => name !== FIRST_OFFERED)
	];
}
