/**
 * Importing `IRIS_STATE_FILE`, the JSON state older gateways saved on a clean shutdown: its
 * messages, replay log (same positions, so devices' cursors stay valid), channels, read marks and
 * server state go into the store once, in one transaction. The store then remembers the file
 * (meta `imported_state_files`) and never imports it again; the file itself is left as it was.
 * A store that already holds messages or frames is not merged into: the file is skipped.
 */
import { readFile } from 'node:fs/promises';
import type { Channel, MessagePayload, ServerFrame } from '../../src/lib/protocol/iris';
import type { GatewayStore, Scope } from './types';

/** The state file's shape (what the file-backed gateway wrote). */
export interface StateFile {
	events: { latest: number; entries: { position: number; frame: ServerFrame }[] };
	store: { scopes: { scope: Scope; messages: MessagePayload[] }[] };
	channels: Channel[];
	/** `chat_id` → `message_id` of the last `read.receipt` (absent in the oldest files). */
	reads?: Record<string, string>;
	state?: 'online' | 'restarting' | 'degraded';
}

/** What `importStateFile` did. */
export type ImportResult =
	| { imported: true; messages: number; frames: number }
	| { imported: false; reason: 'already imported' | 'no such file' | 'store not empty' };

const MARK = 'imported_state_files';

/**
 * Import `file` into `store` unless done before. Throws (and imports nothing) when the file
 * cannot be read or parsed.
 */
export async function importStateFile(store: GatewayStore, file: string): Promise<ImportResult> {
	const done = store.meta.get<Record<string, number>>(MARK) ?? {};
	if (done[file] !== undefined) return { imported: false, reason: 'already imported' };
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (e) {
		if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
			return { imported: false, reason: 'no such file' };
		}
		throw e;
	}
	const state = JSON.parse(text) as StateFile;
	if (store.events.latest > 0 || store.messages.latestTs() > 0) {
		return { imported: false, reason: 'store not empty' };
	}
	let messages = 0;
	store.transaction(() => {
		for (const { scope, messages: list } of state.store.scopes) {
			for (const message of list) {
				store.messages.add({ scope, message });
				messages += 1;
			}
		}
		store.events.restore(state.events.entries, state.events.latest);
		if (state.channels.length > 0) store.channels.replaceAll(state.channels);
		if (state.reads) store.meta.set('reads', state.reads);
		if (state.state) store.meta.set('server_state', state.state);
		store.meta.set(MARK, { ...done, [file]: Date.now() });
	});
	return { imported: true, messages, frames: state.events.entries.length };
}
