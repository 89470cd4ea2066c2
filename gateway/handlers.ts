/**
 * What the demo gateway does with each app frame once the connection is authenticated.
 * Requests are answered with their `id` echoed; a turn's frames go to every device.
 */
import {
	frame,
	type AppFrame,
	type AppFrameOf,
	type MessagePayload
} from '../src/lib/protocol/iris';
import type { Hub, Peer } from './hub';
import type { Scope } from './store';
import { runDemoTurn } from './turn';
import { findScenario } from './demo';
import { handleFcmRegister } from './push/handler';
import {
	handleChannelCreate,
	handleChannelDelete,
	handleChannelRename,
	handleChannelSetDefault
} from './features/channels';
import { handleCommandsCatalog, handleCommandsComplete } from './features/commands';
import { handleSearch } from './features/search';
import { handleReadReceipt } from './features/receipts';
import {
	handleAgentSteer,
	handleAgentStop,
	handlePickerSelect,
	sendActivity
} from './control/handlers';
import { mediaTurnText, resolveRefs } from './media/describe';
import { errorFrame } from './errors';

/** The frame's scope: envelope `chat_id` (absent = the default channel) and `thread_id`. */
function scopeOf(hub: Hub, f: AppFrame): Scope | null {
	const channel = hub.channel(f.chat_id);
	if (!channel) return null;
	return f.thread_id === undefined
		? { chat_id: channel.chat_id }
		: { chat_id: channel.chat_id, thread_id: f.thread_id };
}

function handleMessageSend(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'message.send'>,
	scope: Scope
): void {
	const { text = '', reply_to, media_refs = [], client_msg_id } = f.payload;
	const resolved = resolveRefs(hub.media, media_refs);
	if (!resolved.ok) {
		peer.send(errorFrame('not_found', `media_ref "${resolved.missing}" was not uploaded`, f.id));
		return;
	}
	// A resend (same client_msg_id, e.g. after a reconnect) gets the original ack and no new turn.
	const known =
		client_msg_id === undefined ? undefined : hub.store.findByClientMsgId(client_msg_id);
	hub.stats.sendsReceived += 1;
	if (known) {
		hub.stats.duplicateSends += 1;
		peer.send(frame('message', known.message, { ...known.scope, id: f.id }));
		return;
	}
	const message: MessagePayload = {
		message_id: hub.store.nextMessageId(),
		role: 'user',
		text,
		ts: hub.clock.next()
	};
	if (reply_to !== undefined) message.reply_to = reply_to;
	if (client_msg_id !== undefined) message.client_msg_id = client_msg_id;
	if (resolved.media.length > 0) message.media = resolved.media;
	hub.store.add({ scope, message });
	peer.send(frame('message', message, { ...scope, id: f.id }));
	// The sender has it through the ack; other devices get it as an event, and sync replays it.
	hub.broadcast(frame('message', message, scope), { record: true, except: peer });
	const demo = findScenario(text);
	// With media, the demo agent describes it (kind, name, size) in its reply.
	const said = resolved.media.length > 0 ? mediaTurnText(text, resolved.media) : text;
	hub.enqueueTurn(scope, (signal) =>
		demo ? demo.scenario(hub, scope, demo.args, signal) : runDemoTurn(hub, scope, said, signal)
	);
}

function handleHistory(hub: Hub, peer: Peer, f: AppFrameOf<'history'>, scope: Scope): void {
	const { before_message_id, limit } = f.payload;
	const page = hub.store.history(scope, before_message_id, limit);
	if (!page) {
		peer.send(errorFrame('not_found', `unknown before_message_id "${before_message_id}"`, f.id));
		return;
	}
	peer.send(frame('history', page, { ...scope, id: f.id }));
}

function handleSync(hub: Hub, peer: Peer, f: AppFrameOf<'sync'>): void {
	// Everything runs on one thread, so no broadcast can slip in between the replay and
	// `sync.done`: the cursor covers exactly what was replayed or already sent live.
	for (const logged of hub.events.since(f.payload.cursor)) peer.send(logged);
	peer.send(frame('sync.done', { cursor: hub.events.latest }, { id: f.id }));
	sendActivity(hub, peer);
}

/** Answer one decoded app frame from an authenticated connection. */
export function handleAppFrame(hub: Hub, peer: Peer, f: AppFrame): void {
	switch (f.type) {
		case 'ping':
			peer.send(frame('pong', { ts: f.payload.ts ?? hub.clock.next() }, { id: f.id }));
			return;
		case 'sync':
			handleSync(hub, peer, f);
			return;
		case 'message.send':
		case 'history': {
			const scope = scopeOf(hub, f);
			if (!scope) {
				peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
			} else if (f.type === 'message.send') {
				handleMessageSend(hub, peer, f, scope);
			} else {
				handleHistory(hub, peer, f, scope);
			}
			return;
		}
		case 'channel.create':
			return handleChannelCreate(hub, peer, f);
		case 'channel.rename':
			return handleChannelRename(hub, peer, f);
		case 'channel.set_default':
			return handleChannelSetDefault(hub, peer, f);
		case 'channel.delete':
			return handleChannelDelete(hub, peer, f);
		case 'commands.catalog':
			return handleCommandsCatalog(peer, f);
		case 'commands.complete':
			return handleCommandsComplete(peer, f);
		case 'search':
			return handleSearch(hub, peer, f);
		case 'read.receipt':
			return handleReadReceipt(hub, peer, f);
		case 'fcm.register':
			handleFcmRegister(hub, peer, f);
			return;
		case 'agent.stop':
		case 'agent.steer': {
			const scope = scopeOf(hub, f);
			if (!scope) peer.send(errorFrame('not_found', `unknown chat_id "${f.chat_id}"`, f.id));
			else if (f.type === 'agent.steer') handleAgentSteer(hub, peer, f, scope);
			else {
				handleAgentStop(hub, peer, f, scope).catch((e: unknown) =>
					hub.log(`agent.stop failed: ${String(e)}`)
				);
			}
			return;
		}
		case 'picker.select':
			handlePickerSelect(hub, peer, f);
			return;
		default:
			peer.send(
				errorFrame('unsupported', `${f.type} is not supported by the demo gateway yet`, f.id)
			);
	}
}
