/**
 * What the demo gateway does with each app frame once the connection is authenticated.
 * Requests are answered with their `id` echoed; a turn's frames go to every device.
 */
import {
	formatBytes,
	frame,
	type AppFrame,
	type AppFrameOf,
	type MessagePayload
} from '../src/lib/protocol/iris';
import { DEFAULT_MAX_MESSAGE_BYTES, type Hub, type Peer } from './hub';
import type { Scope } from './storage/types';
import { enqueueAnswer } from './turn';
import { parseCommand } from './commands/parse';
import { runCommand } from './commands/run';
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
import { resolveRefs } from './media/describe';
import { errorFrame } from './errors';

/** The frame's scope: envelope `chat_id` (absent = the default channel) and `thread_id`. */
function scopeOf(hub: Hub, f: AppFrame): Scope | null {
	const channel = hub.channel(f.chat_id);
	if (!channel) return null;
	return f.thread_id === undefined
		? { chat_id: channel.chat_id }
		: { chat_id: channel.chat_id, thread_id: f.thread_id };
}

/** Why `text` is refused under `limit` UTF-8 bytes (the `error` message), or null. */
export function textTooLong(text: string, limit: number): string | null {
	const bytes = Buffer.byteLength(text, 'utf8');
	if (bytes <= limit) return null;
	return (
		`the message is too long for this gateway: ${bytes} bytes of text (${formatBytes(bytes)}), ` +
		`over its limit of ${limit} bytes`
	);
}

function handleMessageSend(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'message.send'>,
	scope: Scope
): void {
	const { text = '', reply_to, media_refs = [], client_msg_id } = f.payload;
	const tooLong = textTooLong(text, hub.options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
	if (tooLong) {
		hub.log(`message.send refused: ${tooLong}`);
		peer.send(errorFrame('unsupported', tooLong, f.id));
		return;
	}
	const resolved = resolveRefs(hub.media, media_refs);
	if (!resolved.ok) {
		peer.send(errorFrame('not_found', `media_ref "${resolved.missing}" was not uploaded`, f.id));
		return;
	}
	// A resend (same client_msg_id, e.g. after a reconnect) gets the original ack and no new turn.
	const known =
		client_msg_id === undefined ? undefined : hub.messages.findByClientMsgId(client_msg_id);
	hub.stats.sendsReceived += 1;
	if (known) {
		hub.stats.duplicateSends += 1;
		peer.send(frame('message', known.message, { ...known.scope, id: f.id }));
		return;
	}
	const message: MessagePayload = {
		message_id: hub.messages.nextMessageId(),
		role: 'user',
		text,
		ts: hub.clock.next()
	};
	if (reply_to !== undefined) message.reply_to = reply_to;
	if (client_msg_id !== undefined) message.client_msg_id = client_msg_id;
	if (resolved.media.length > 0) message.media = resolved.media;
	// Committed (message + replay entry) before the ack or any copy goes out.
	hub.atomically(() => {
		hub.messages.add({ scope, message });
		hub.send(peer, frame('message', message, { ...scope, id: f.id }));
		// The sender has it through the ack; other devices get it as an event, and sync replays it.
		hub.broadcast(frame('message', message, scope), { record: true, except: peer });
	});
	// A slash command is carried out by the gateway, never sent as chat text; with the demo
	// agent, `/demo <name>` plays a scenario.
	const command = parseCommand(text);
	if (command && !(command.name === '/demo' && !hub.options.agent)) {
		runCommand(hub, scope, message, command);
		return;
	}
	enqueueAnswer(hub, scope, message);
}

function handleHistory(hub: Hub, peer: Peer, f: AppFrameOf<'history'>, scope: Scope): void {
	const { before_message_id, limit } = f.payload;
	const page = hub.messages.history(scope, before_message_id, limit);
	if (!page) {
		peer.send(errorFrame('not_found', `unknown before_message_id "${before_message_id}"`, f.id));
		return;
	}
	peer.send(frame('history', page, { ...scope, id: f.id }));
}

function handleSync(hub: Hub, peer: Peer, f: AppFrameOf<'sync'>): void {
	// The cursor is the device's acknowledgement: what it has stored needs no keeping for it.
	if (peer.deviceId !== undefined) {
		hub.events.acknowledge(peer.deviceId, f.payload.cursor, Date.now());
		hub.events.prune(Date.now(), hub.retentionMs);
	}
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
			const device = peer.deviceId ?? '';
			if (f.type === 'message.send' && !hub.sends.take(device)) {
				const wait = hub.sends.waitMs(device);
				hub.log(`message.send from ${device} refused: rate limited for ${wait} ms`);
				const text = `too many messages; try again in ${Math.ceil(wait / 1000)} s`;
				peer.send(
					frame(
						'error',
						{ code: 'rate_limited' as const, message: text, retry_after_ms: wait },
						{ id: f.id }
					)
				);
			} else if (!scope) {
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
			return handleCommandsCatalog(hub, peer, f);
		case 'commands.complete':
			return handleCommandsComplete(hub, peer, f);
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
