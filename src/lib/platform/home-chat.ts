/**
 * Where the app opens: `/` (the installed app's start URL) shows the gateway's default channel
 * (`default_chat_id` in the store). Waiting for the store to name it cost a start the home route's
 * mount, its read and a redirect before the chat route could even load (bench/README-cold-start.md).
 * So the channel is also remembered in localStorage (a device-local copy of the active store's
 * value, kept current by the layout), and the client `init` hook rewrites the URL to it before
 * the router's first navigation: the chat route loads with the layout.
 */
/** localStorage key of the remembered default channel (absent: unknown or unpaired). */
export const HOME_CHAT_STORAGE_KEY = 'iris.home-chat';

/** Remember `chat_id` as the channel `/` opens; undefined forgets it. Storage errors are ignored. */
export function rememberHomeChat(chat_id: string | undefined): void {
	try {
		const storage = globalThis.localStorage;
		if (!storage || storage.getItem(HOME_CHAT_STORAGE_KEY) === (chat_id ?? null)) return;
		if (chat_id) storage.setItem(HOME_CHAT_STORAGE_KEY, chat_id);
		else storage.removeItem(HOME_CHAT_STORAGE_KEY);
	} catch (e) {
		console.warn('[home] could not remember the default channel', e);
	}
}

/** The remembered default channel, or undefined (none, or storage blocked). */
function rememberedHomeChat(): string | undefined {
	try {
		return globalThis.localStorage?.getItem(HOME_CHAT_STORAGE_KEY) || undefined;
	} catch {
		return undefined;
	}
}

/** Where the app's routes are (from `$app/paths`, which platform/ does not import). */
export interface HomePaths {
	/** The path of `/` (with the app's base path). */
	home: string;
	/** The path of a channel's route, for its (not yet encoded) id. */
	chat(chat_id: string): string;
}

/** Whether `openHomeChat` replaced this page's URL (the layout undoes it if the app is unpaired). */
let opened = false;

/**
 * On a bare `/` (no query, no fragment: a pairing link carries one), replace the URL with the
 * remembered default channel's, before the router reads it. Returns whether it did. Never throws:
 * a value that cannot make a path (a lone surrogate) is forgotten and `/` opens as before.
 */
export function openHomeChat(paths: HomePaths): boolean {
	if (location.pathname !== paths.home || location.search || location.hash) return false;
	const chat_id = rememberedHomeChat();
	if (!chat_id) return false;
	try {
		history.replaceState(history.state, '', paths.chat(chat_id));
	} catch (e) {
		console.warn('[home] the remembered default channel makes no path', e);
		rememberHomeChat(undefined);
		return false;
	}
	opened = true;
	return true;
}

/** Whether this page opened on the remembered channel instead of `/`. */
export function openedHomeChat(): boolean {
	return opened;
}
