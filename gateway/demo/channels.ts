/**
 * Demo scenarios for channels and history:
 * - `/demo channel [name]`: the agent creates a channel (as Hermes does for a new topic);
 * - `/demo rename <name>`: the agent renames the current channel;
 * - `/demo history <n>`: seeds `n` (1…1000, default 120) old messages into the current channel,
 *   dated before everything in it, so `history` paging can be exercised. Only `history` serves
 *   them: they are not broadcast.
 */
import { randomUUID } from 'node:crypto';
import { frame, type Channel } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { HISTORY_MAX_LIMIT, type Scope } from '../storage/types';
import { registerScenario } from './scenarios';

const MAX_SEEDED = 1000;

function announce(
	hub: Hub,
	chat_id: string,
	kind: 'channel_created' | 'channel_renamed',
	title: string
) {
	hub.broadcast(frame('channel.list', { channels: hub.channels.map((c) => ({ ...c })) }), {
		record: true
	});
	hub.broadcast(frame('notification', { kind, title, ts: hub.clock.next() }, { chat_id }), {
		record: true
	});
}

registerScenario('channel', async (hub, _scope, args) => {
	const name = args.trim() || 'Demo channel';
	const channel: Channel = {
		chat_id: `chan_${randomUUID().slice(0, 8)}`,
		name,
		kind: 'channel',
		parent_chat_id: null,
		is_default: false
	};
	hub.atomically(() => {
		hub.saveChannels([...hub.channels, channel]);
		hub.broadcast(frame('channel.created', { ...channel }), { record: true });
		announce(hub, channel.chat_id, 'channel_created', `New channel: ${name}`);
	});
});

registerScenario('rename', async (hub, scope, args) => {
	const channel = hub.channel(scope.chat_id);
	const name = args.trim();
	if (!channel || !name) return;
	hub.atomically(() => {
		hub.saveChannels(hub.channels.map((c) => (c.chat_id === channel.chat_id ? { ...c, name } : c)));
		hub.broadcast(frame('channel.renamed', { chat_id: channel.chat_id, name }, scope), {
			record: true
		});
		announce(hub, channel.chat_id, 'channel_renamed', `Channel renamed to ${name}`);
	});
});

/** Seed `count` messages dated before the oldest one in `scope` (1 s apart). */
export function seedHistory(hub: Hub, scope: Scope, count: number): void {
	let oldest = hub.clock.next();
	const first = hub.messages.history(scope, undefined, HISTORY_MAX_LIMIT);
	// Walk to the oldest page: history pages are ordered, so its first message is the oldest.
	for (let page = first; page?.oldest_message_id;) {
		oldest = Math.min(oldest, page.messages[0]?.ts ?? oldest);
		page = page.has_more
			? hub.messages.history(scope, page.oldest_message_id, HISTORY_MAX_LIMIT)
			: null;
	}
	const end = oldest - 1000;
	hub.atomically(() => {
		for (let i = 0; i < count; i += 1) {
			hub.messages.add({
				scope,
				message: {
					message_id: hub.messages.nextMessageId(),
					role: i % 2 === 0 ? 'user' : 'assistant',
					text: `Old message ${i + 1} of ${count}`,
					ts: end - (count - i) * 1000
				}
			});
		}
	});
}

registerScenario('history', async (hub, scope, args) => {
	const n = Number.parseInt(args, 10);
	seedHistory(hub, scope, Number.isInteger(n) ? Math.min(Math.max(n, 1), MAX_SEEDED) : 120);
});
