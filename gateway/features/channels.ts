/**
 * Channel management on the demo gateway: `channel.create`, `channel.rename`,
 * `channel.set_default`, `channel.delete` (iris-protocol-v1 `frame_types.app_to_server`).
 *
 * Rename, set_default and delete act on the envelope's scope (doc/protocol.md "Scope": no `chat_id`
 * = the default channel). The requester gets the answer with its request `id`; every other device
 * gets the same change as a recorded event (so `sync` replays it to devices offline now), then a
 * `channel.list` and, for creations and renames, a `notification`.
 */
import { randomUUID } from 'node:crypto';
import {
	frame,
	type AppFrameOf,
	type Channel,
	type ServerFrame
} from '../../src/lib/protocol/iris';
import type { Hub, Peer } from '../hub';
import { errorFrame } from '../errors';

/**
 * Answer the requester with `reply` (its id), broadcast the same frame as an event to the rest.
 * Inside the caller's `atomically`: both go out once the change is committed.
 */
function answerAndBroadcast(hub: Hub, peer: Peer, reply: ServerFrame, id?: number): void {
	hub.send(peer, { ...reply, ...(id === undefined ? {} : { id }) } as ServerFrame);
	hub.broadcast(reply, { record: true, except: peer });
}

/** Everyone (the requester too) gets the full list: the authoritative state after a change. */
function broadcastList(hub: Hub): void {
	hub.broadcast(frame('channel.list', { channels: hub.channels.map((c) => ({ ...c })) }), {
		record: true
	});
}

function notify(
	hub: Hub,
	chat_id: string,
	kind: 'channel_created' | 'channel_renamed',
	title: string
): void {
	hub.broadcast(frame('notification', { kind, title, ts: hub.clock.next() }, { chat_id }), {
		record: true
	});
}

/** `channel.create{name, kind, parent_chat_id}`: a channel, or a thread under an existing parent. */
export function handleChannelCreate(hub: Hub, peer: Peer, f: AppFrameOf<'channel.create'>): void {
	const { name, kind = 'channel', parent_chat_id } = f.payload;
	const title = name.trim();
	if (!title) return peer.send(errorFrame('internal', 'a channel needs a name', f.id));
	const parent = kind === 'thread' ? hub.channel(parent_chat_id ?? f.chat_id) : undefined;
	if (kind === 'thread' && (!parent || parent.kind === 'thread')) {
		return peer.send(errorFrame('not_found', 'a thread needs an existing parent channel', f.id));
	}
	const channel: Channel = {
		chat_id: `${kind === 'thread' ? 'thread' : 'chan'}_${randomUUID().slice(0, 8)}`,
		name: title,
		kind,
		parent_chat_id: parent?.chat_id ?? null,
		is_default: false
	};
	hub.atomically(() => {
		hub.saveChannels([...hub.channels, channel]);
		answerAndBroadcast(hub, peer, frame('channel.created', { ...channel }), f.id);
		broadcastList(hub);
		notify(hub, channel.chat_id, 'channel_created', `New ${kind}: ${title}`);
	});
	hub.log(`channel created: ${channel.chat_id} "${title}"`);
}

/** `channel.rename{name}` on the envelope's channel. */
export function handleChannelRename(hub: Hub, peer: Peer, f: AppFrameOf<'channel.rename'>): void {
	const channel = hub.channel(f.chat_id);
	const name = f.payload.name.trim();
	if (!channel) return peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
	if (!name) return peer.send(errorFrame('internal', 'a channel needs a name', f.id));
	const { chat_id } = channel;
	hub.atomically(() => {
		hub.saveChannels(hub.channels.map((c) => (c.chat_id === chat_id ? { ...c, name } : c)));
		const renamed = frame('channel.renamed', { chat_id, name }, { chat_id });
		answerAndBroadcast(hub, peer, renamed, f.id);
		broadcastList(hub);
		notify(hub, chat_id, 'channel_renamed', `Channel renamed to ${name}`);
	});
	hub.log(`channel renamed: ${chat_id} "${name}"`);
}

/** `channel.set_default{}`: the envelope's channel becomes the default; answered by the list. */
export function handleChannelSetDefault(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'channel.set_default'>
): void {
	const channel = hub.channel(f.chat_id);
	if (!channel) return peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
	if (channel.kind === 'thread') {
		return peer.send(errorFrame('unsupported', 'a thread cannot be the default channel', f.id));
	}
	const channels = hub.channels.map((c) => ({ ...c, is_default: c.chat_id === channel.chat_id }));
	const list = frame('channel.list', { channels });
	hub.atomically(() => {
		hub.saveChannels(channels);
		hub.send(peer, { ...list, ...(f.id === undefined ? {} : { id: f.id }) });
		hub.broadcast(list, { record: true, except: peer });
	});
	hub.log(`default channel: ${channel.chat_id}`);
}

/** `channel.delete{}`: the envelope's channel and its threads; the default one cannot go. */
export function handleChannelDelete(hub: Hub, peer: Peer, f: AppFrameOf<'channel.delete'>): void {
	const channel = hub.channel(f.chat_id);
	if (!channel) return peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
	if (channel.is_default) {
		return peer.send(errorFrame('unsupported', 'the default channel cannot be deleted', f.id));
	}
	const gone = (c: Channel) =>
		c.chat_id === channel.chat_id || c.parent_chat_id === channel.chat_id;
	const doomed = hub.channels.filter(gone);
	hub.atomically(() => {
		hub.saveChannels(hub.channels.filter((c) => !gone(c)));
		// "Delete the channel and its messages": the gateway's history and search forget them too.
		for (const c of doomed) hub.messages.deleteChat(c.chat_id);
		// Threads first, so no device ever holds a thread whose parent is gone.
		for (const c of doomed.reverse()) {
			const deleted = frame('channel.deleted', { chat_id: c.chat_id }, { chat_id: c.chat_id });
			answerAndBroadcast(hub, peer, deleted, c.chat_id === channel.chat_id ? f.id : undefined);
		}
		broadcastList(hub);
	});
	hub.log(`channel deleted: ${doomed.map((c) => c.chat_id).join(', ')}`);
}
