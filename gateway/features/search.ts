/**
 * Server search on the demo gateway (`search` → `search.results`): a case-insensitive substring
 * match over its own message store. `scope: "chat"` searches only the envelope's channel
 * (doc/protocol.md "Scope"); `all` (the default) every channel. Newest hits first.
 */
import { frame, type AppFrameOf, type ServerPayloads } from '../../src/lib/protocol/iris';
import type { Hub, Peer } from '../hub';
import { errorFrame } from '../errors';
import { snippet } from '../../src/lib/search/snippet';

type Hit = ServerPayloads['search.results']['hits'][number];

/** Most hits returned for one query. */
export const MAX_HITS = 50;
/** Hits for `query` in the store, newest first; `chatId` limits them to one channel. */
export function searchStore(hub: Hub, query: string, chatId?: string): Hit[] {
	const needle = query.trim().toLowerCase();
	if (!needle) return [];
	return hub.messages.search(needle, MAX_HITS, chatId).map(({ scope, message }) => {
		const text = message.text ?? '';
		const hit: Hit = {
			message_id: message.message_id,
			chat_id: scope.chat_id,
			thread_id: scope.thread_id ?? null,
			snippet: snippet(text, text.toLowerCase().indexOf(needle), needle.length)
		};
		if (message.role !== undefined) hit.role = message.role;
		if (message.ts !== undefined) hit.ts = message.ts;
		return hit;
	});
}

export function handleSearch(hub: Hub, peer: Peer, f: AppFrameOf<'search'>): void {
	const { query, scope = 'all' } = f.payload;
	let chatId: string | undefined;
	if (scope === 'chat') {
		// The envelope names the channel; a payload chat_id is accepted from older clients.
		const channel = hub.channel(f.chat_id ?? f.payload.chat_id);
		if (!channel) return peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
		chatId = channel.chat_id;
	}
	const hits = searchStore(hub, query, chatId);
	peer.send(frame('search.results', { query, scope, hits }, { id: f.id }));
}
