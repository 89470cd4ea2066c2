/**
 * Telling a slash command from chat text. A command is a message that starts with `/` and a
 * word (`/model`, `/queue some text`); text like `/etc/hosts is missing` (a path) is chat text.
 */

/** A slash command: its name as the catalogue spells it (lower-case, with `/`) and the rest. */
export interface ParsedCommand {
	name: string;
	/** What follows the name, trimmed ('' when nothing). */
	args: string;
}

const COMMAND = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/;

/** The command `text` is, or null when it is chat text. Pure. */
export function parseCommand(text: string): ParsedCommand | null {
	const m = COMMAND.exec(text.trim());
	if (!m) return null;
	return { name: `/${m[1]!.toLowerCase()}`, args: (m[2] ?? '').trim() };
}
