/** The page's `MessageSearch`, wired to the worker, the connection status and the store. */
import { getMeta } from '../db/meta';
import type { AppState } from './app.svelte';
import { MessageSearch } from './message-search.svelte';

/** A `MessageSearch` that asks the gateway only when connected and it offers search. */
export function appSearch(app: AppState): MessageSearch {
	return new MessageSearch({
		local: async (input) => (await app.worker()).searchLocal(input),
		server: async (input) => (await app.worker()).search(input),
		canAskServer: async () =>
			app.status.state === 'connected' && (await getMeta(app.db, 'server_caps'))?.search !== false,
		stored: async (ids) =>
			new Set((await app.db.messages.bulkGet(ids)).flatMap((row) => (row ? [row.message_id] : [])))
	});
}
