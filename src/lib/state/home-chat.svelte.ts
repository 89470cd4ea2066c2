/**
 * Keeps the device-local copy of the default channel (platform/home-chat.ts) equal to what the
 * active store names: the gateway's `default_chat_id` while paired, nothing once unpaired. The
 * layout runs it for the page's life; a store switch (another gateway) re-reads it.
 */
import { getMeta } from '../db/meta';
import { rememberHomeChat } from '../platform/home-chat';
import type { AppState } from './app.svelte';
import { LiveQuery } from './live.svelte';

/**
 * Follow `app`'s default channel into localStorage. Call from a component's initialisation (it
 * sets up an `$effect`); returns the disposer of its store query.
 */
export function followHomeChat(app: Pick<AppState, 'store' | 'config'>): () => void {
	const stored = new LiveQuery(app.store, (db) => getMeta(db, 'default_chat_id'), undefined);
	$effect(() => {
		// `config` undefined: not read yet, so nothing is known to be stale.
		if (app.config === null) rememberHomeChat(undefined);
		else if (app.config && stored.loaded) rememberHomeChat(stored.current);
	});
	return () => stored.dispose();
}
