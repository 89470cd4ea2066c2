/** Merging the cached catalog's matches with the gateway's `commands.complete` answer. */
import type { CommandMatch } from '../bridge/features';

/** `local` then `remote`, first occurrence of each name kept, as plain `CommandMatch`es. */
export function mergeMatches(
	local: readonly CommandMatch[],
	remote: readonly CommandMatch[]
): CommandMatch[] {
	const byName = new Map<string, CommandMatch>();
	for (const c of [...local, ...remote]) {
		if (byName.has(c.name)) continue;
		const match: CommandMatch = { name: c.name };
		if (c.description !== undefined) match.description = c.description;
		if (c.args_hint !== undefined) match.args_hint = c.args_hint;
		byName.set(c.name, match);
	}
	return [...byName.values()];
}
