/**
 * What a v3 gateway leaves to the app (spec "与旧协议对比": sessions, history and search are
 * managed by the app): the answers to the Iris requests that have no v3 frame, computed from the
 * local store. Sessions are local UUIDs stored as channels, so the channel UI shows them as is.
 */
import type { AppFrame, Channel, ServerFrame, ServerPayloads } from '../../protocol/iris/frames';
import type { IrisDB } from '../../db/schema';

/** The name of the first session, made on first pairing. */
export const FIRST_SESSION_NAME = 'Hermes';

/**
 * The `hello.ack` channels: the first session (a new UUID, default) when the store holds none,
 * else nothing (the stored sessions stay as they are, names included).
 */
export async function sessionsForHello(db: IrisDB, randomUUID: () => string): Promise<Channel[]> {
	if ((await db.channels.count()) > 0) return [];
	return [{ chat_id: randomUUID(), name: FIRST_SESSION_NAME, kind: 'default', is_default: true }];
}

/** The whole session list with `chat_id` as the default (`channel.set_default`'s answer). */
async function sessionsWithDefault(db: IrisDB, chat_id: string): Promise<Channel[]> {
	const rows = await db.channels.orderBy('position').toArray();
	return rows.map(({ position: _position, ...c }) => ({ ...c, is_default: c.chat_id === chat_id }));
}

/** Whether `chat_id` is the default session (it cannot be deleted). */
async function isDefaultSession(db: IrisDB, chat_id: string): Promise<boolean> {
	return (await db.meta.get('default_chat_id'))?.value === chat_id;
}

/** Hits in the local store, newest first (at most `limit`), for `search` (case-insensitive). */
export async function searchLocal(
	db: IrisDB,
	query: string,
	chat_id?: string,
	limit = 50
): Promise<ServerPayloads['search.results']['hits']> {
	const needle = query.trim().toLowerCase();
	if (!needle) return [];
	const rows = await db.messages
		.filter((m) => (!chat_id || m.chat_id === chat_id) && m.text.toLowerCase().includes(needle))
		.toArray();
	rows.sort((a, b) => b.ts - a.ts);
	return rows.slice(0, limit).map((m) => {
		const at = m.text.toLowerCase().indexOf(needle);
		const from = Math.max(0, at - 40);
		return {
			message_id: m.message_id,
			chat_id: m.chat_id,
			role: m.role,
			ts: m.ts,
			snippet: (from > 0 ? '…' : '') + m.text.slice(from, at + needle.length + 80)
		};
	});
}

/** An `error` answer for something a v3 gateway cannot do. */
function unsupported(what: string): ServerFrame {
	return {
		v: 1,
		type: 'error',
		payload: {
			code: 'unsupported',
			message: `${what} is not available with a Hermes Chat v3 gateway`
		}
	};
}

/**
 * The answer to an Iris request that has no v3 frame (without its `id`; the caller adds it), or
 * `null` when nothing answers (`read.receipt`). Push, stop, steer and pickers are `unsupported`.
 */
export async function answerLocally(
	frame: AppFrame,
	db: IrisDB,
	randomUUID: () => string
): Promise<ServerFrame | null> {
	switch (frame.type) {
		case 'sync':
			return { v: 1, type: 'sync.done', payload: { cursor: frame.payload.cursor } };
		case 'channel.create': {
			const { name, kind, parent_chat_id } = frame.payload;
			const payload: Channel = { chat_id: randomUUID(), name, kind: kind ?? 'channel' };
			if (parent_chat_id) payload.parent_chat_id = parent_chat_id;
			return { v: 1, type: 'channel.created', payload };
		}
		case 'channel.rename': {
			const chat_id = frame.chat_id ?? '';
			return {
				v: 1,
				type: 'channel.renamed',
				chat_id,
				payload: { chat_id, name: frame.payload.name }
			};
		}
		case 'channel.delete': {
			const chat_id = frame.chat_id ?? '';
			if (await isDefaultSession(db, chat_id)) {
				return {
					v: 1,
					type: 'error',
					payload: { code: 'unsupported', message: 'The default session cannot be deleted' }
				};
			}
			return { v: 1, type: 'channel.deleted', chat_id, payload: { chat_id } };
		}
		case 'channel.set_default': {
			const channels = await sessionsWithDefault(db, frame.chat_id ?? '');
			return { v: 1, type: 'channel.list', payload: { channels } };
		}
		case 'history':
			// No server history in v3: the local store is all there is.
			return {
				v: 1,
				type: 'history',
				...(frame.chat_id ? { chat_id: frame.chat_id } : {}),
				payload: { messages: [], has_more: false }
			};
		case 'search': {
			const { query, scope } = frame.payload;
			const hits = await searchLocal(db, query, scope === 'chat' ? frame.chat_id : undefined);
			return { v: 1, type: 'search.results', payload: { query, hits } };
		}
		case 'commands.catalog':
			return { v: 1, type: 'commands.catalog', payload: { commands: [] } };
		case 'commands.complete':
			return {
				v: 1,
				type: 'commands.complete',
				payload: { prefix: frame.payload.prefix, matches: [] }
			};
		case 'read.receipt':
			return null; // v3 has no read state on the server.
		default:
			return unsupported(frame.type);
	}
}
