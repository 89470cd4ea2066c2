/**
 * The slash-command catalog (`commands.catalog`, `commands.complete`): Hermes' messaging
 * commands, which the gateway carries out for every agent, and with the demo agent one
 * `/demo <name>` entry per registered scenario (category `demo`), so every demo trigger is
 * discoverable from the composer's autocomplete.
 */
import { frame, type AppFrameOf, type CommandInfo } from '../../src/lib/protocol/iris';
import { offeredScenarios } from '../demo';
import { SCENARIO_DESCRIPTIONS } from '../demo/descriptions';
import type { Hub, Peer } from '../hub';

/**
 * Hermes' messaging commands, as every agent lists them. The gateway carries them out itself
 * (../commands/run.ts); `/title` and `/compress` are listed because Hermes has them, and
 * answered with a note that they are not available through the gateway.
 */
export const HERMES_COMMANDS: readonly CommandInfo[] = [
	{ name: '/new', description: 'Start a new conversation in this channel', category: 'session' },
	{
		name: '/model',
		description: 'Choose the model for this channel',
		args_hint: '[model]',
		category: 'model'
	},
	{ name: '/stop', description: 'Stop the running turn', category: 'session' },
	{ name: '/status', description: 'Show agent, model and conversation', category: 'info' },
	{ name: '/help', description: 'List commands', category: 'info' },
	{ name: '/retry', description: 'Retry the last message', category: 'session' },
	{ name: '/undo', description: 'Undo the last exchange', category: 'session' },
	{ name: '/compress', description: 'Compress the context', category: 'session' },
	{ name: '/usage', description: 'Tokens used in this channel', category: 'info' },
	{
		name: '/approve',
		description: 'Approve the pending command',
		args_hint: '[session|always]',
		category: 'tools'
	},
	{ name: '/deny', description: 'Deny the pending command', category: 'tools' },
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

/** `/demo` alone: the demo agent's list of its scenarios (../demo/help.ts). */
const DEMO_LIST: CommandInfo = {
	name: '/demo',
	description: 'List the demo scenarios',
	args_hint: '[scenario]',
	category: 'demo'
};

/**
 * The full catalog: Hermes commands, then (with the demo agent, `demo` true) `/demo` and
 * `/demo <name>` for every scenario offered (the showcase first; not the benchmarks').
 */
export function catalog(demo = true): CommandInfo[] {
	const commands = HERMES_COMMANDS.map((c) => ({ ...c }));
	if (!demo) return commands;
	const demos = offeredScenarios().map((name) => ({
		name: `/demo ${name}`,
		description: SCENARIO_DESCRIPTIONS[name] ?? `Demo: ${name}`,
		category: 'demo'
	}));
	return [...commands, { ...DEMO_LIST }, ...demos];
}

/** Commands whose name starts with `prefix` (case-insensitive; a missing leading `/` is added). */
export function complete(prefix: string, demo = true): Omit<CommandInfo, 'category'>[] {
	const wanted = (prefix.startsWith('/') ? prefix : `/${prefix}`).toLowerCase();
	return catalog(demo)
		.filter((c) => c.name.toLowerCase().startsWith(wanted))
		.map(({ name, description, args_hint }) => ({
			name,
			...(description === undefined ? {} : { description }),
			...(args_hint === undefined ? {} : { args_hint })
		}));
}

/** `commands.catalog`: the catalog of this gateway's agent. */
export function handleCommandsCatalog(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'commands.catalog'>
): void {
	const commands = catalog(!hub.options.agent);
	peer.send(frame('commands.catalog', { commands }, { id: f.id }));
}

/** `commands.complete`: the catalog entries starting with the prefix. */
export function handleCommandsComplete(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'commands.complete'>
): void {
	const { prefix } = f.payload;
	const matches = complete(prefix, !hub.options.agent);
	peer.send(frame('commands.complete', { prefix, matches }, { id: f.id }));
}
