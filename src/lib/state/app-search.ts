/** The page's `MessageSearch`, wired to the worker, the connection status and the store. */
import { getMeta } from '../db/meta';
import type { AppState } from './app.svelte';
import { MessageSearch } from './message-search.svelte';

/** A `MessageSearch` that asks the gateway only when connected and it offers search. */
export function appSearch(app: AppState): MessageSearch {
	return new MessageSearch({
		local: (input) => app.commands.searchLocal(input),
		server: (input) => app.commands.search(input),
		canAskServer: async () =>
			app.status.state === 'connected' &&
			(await getMeta(app.store.db, 'server_caps'))?.search !== false,
		stored: async (ids) =>
			new Set(
				(await app.store.db.messages.bulkGet(ids)).flatMap((row) => (row ? [row.message_id] : []))
			)
	});
}
