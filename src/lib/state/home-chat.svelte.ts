/**
 * Keeps the device-local copy of the default channel (platform/home-chat.ts) equal to what the
 * active store names: the gateway's `default_chat_id` while paired, nothing once unpaired. The
 * layout runs it for the page's life; a store switch (another gateway) re-reads it.
 */
import { getMeta } from '../db/meta';
import { openedHomeChat, rememberHomeChat } from '../platform/home-chat';
import type { AppState } from './app.svelte';
import { LiveQuery } from './live.svelte';

/**
 * Follow `app`'s default channel into localStorage. Call from a component's initialisation (it
 * sets up an `$effect`); returns the disposer of its store query. `onUnpaired` runs once if the
 * app turns out to be unpaired on a page the remembered channel opened (the stored pairing was
 * lost): it should go back to `/`, where the pairing form belongs.
 */
export function followHomeChat(
	app: Pick<AppState, 'store' | 'config'>,
	onUnpaired: () => void
): () => void {
	// The store's name with the value: right after a switch of stores the previous result is
	// still `current`, and it is the other gateway's default.
	const stored = new LiveQuery(
		app.store,
		async (db) => ({ store: db.name, chat_id: await getMeta(db, 'default_chat_id') }),
		undefined
	);
	let undone = false;
	$effect(() => {
		// `config` undefined: not read yet, so nothing is known to be stale.
		if (app.config === null) {
			rememberHomeChat(undefined);
			if (openedHomeChat() && !undone) {
				undone = true;
				onUnpaired();
			}
		} else if (app.config && stored.current?.store === app.store.db.name) {
			rememberHomeChat(stored.current.chat_id);
		}
	});
	return () => stored.dispose();
}
