/**
 * The slash-command catalog of the demo gateway (`commands.catalog`, `commands.complete`): the real
 * Hermes commands beside one `/demo <name>` entry per registered scenario (category `demo`), so
 * every demo trigger is discoverable from the composer's autocomplete.
 */
import { frame, type AppFrameOf, type CommandInfo } from '../../src/lib/protocol/iris';
import { scenarioNames } from '../demo';
import { SCENARIO_DESCRIPTIONS } from '../demo/descriptions';
import type { Peer } from '../hub';

/** The Hermes commands the demo gateway lists (it does not run them; they are echoed). */
export const HERMES_COMMANDS: readonly CommandInfo[] = [
	{ name: '/new', description: 'Start a new session', category: 'session' },
	{ name: '/model', description: 'Switch model', args_hint: '[provider/model]', category: 'model' },
	{ name: '/stop', description: 'Stop the running turn', category: 'session' },
	{ name: '/status', description: 'Show agent status', category: 'info' },
	{ name: '/help', description: 'List commands', category: 'info' },
	{ name: '/retry', description: 'Retry the last message', category: 'session' },
	{ name: '/undo', description: 'Undo the last exchange', category: 'session' },
	{ name: '/compress', description: 'Compress the context', category: 'session' },
	{ name: '/usage', description: 'Token usage', category: 'info' },
	{ name: '/approve', description: 'Approve a pending command', category: 'tools' },
	{ name: '/deny', description: 'Deny a pending command', category: 'tools' },
	{
		name: '/queue',
		description: 'Queue a message for after this turn',
		args_hint: '<text>',
		category: 'session'
	},
	{
		name: '/steer',
		description: 'Steer the running turn',
		args_hint: '<text>',
		category: 'session'
	},
	{
		name: '/title',
		description: 'Set the session title',
		args_hint: '<title>',
		category: 'session'
	}
];

/** The full catalog: Hermes commands, then `/demo <name>` for every registered scenario. */
export function catalog(): CommandInfo[] {
	const demos = scenarioNames().map((name) => ({
		name: `/demo ${name}`,
		description: SCENARIO_DESCRIPTIONS[name] ?? `Demo: ${name}`,
		category: 'demo'
	}));
	return [...HERMES_COMMANDS.map((c) => ({ ...c })), ...demos];
}

/** Commands whose name starts with `prefix` (case-insensitive; a missing leading `/` is added). */
export function complete(prefix: string): Omit<CommandInfo, 'category'>[] {
	const wanted = (prefix.startsWith('/') ? prefix : `/${prefix}`).toLowerCase();
	return catalog()
		.filter((c) => c.name.toLowerCase().startsWith(wanted))
		.map(({ name, description, args_hint }) => ({
			name,
			...(description === undefined ? {} : { description }),
			...(args_hint === undefined ? {} : { args_hint })
		}));
}

export function handleCommandsCatalog(peer: Peer, f: AppFrameOf<'commands.catalog'>): void {
	peer.send(frame('commands.catalog', { commands: catalog() }, { id: f.id }));
}

export function handleCommandsComplete(peer: Peer, f: AppFrameOf<'commands.complete'>): void {
	const { prefix } = f.payload;
	peer.send(frame('commands.complete', { prefix, matches: complete(prefix) }, { id: f.id }));
}
