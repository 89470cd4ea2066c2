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
import type { Scope } from '../store';
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
	hub.channels.push(channel);
	hub.broadcast(frame('channel.created', { ...channel }), { record: true });
	announce(hub, channel.chat_id, 'channel_created', `New channel: ${name}`);
});

registerScenario('rename', async (hub, scope, args) => {
	const channel = hub.channel(scope.chat_id);
	const name = args.trim();
	if (!channel || !name) return;
	channel.name = name;
	hub.broadcast(frame('channel.renamed', { chat_id: channel.chat_id, name }, scope), {
		record: true
	});
	announce(hub, channel.chat_id, 'channel_renamed', `Channel renamed to ${name}`);
});

/** Seed `count` messages dated before the oldest one in `scope` (1 s apart). */
export function seedHistory(hub: Hub, scope: Scope, count: number): void {
	let oldest = hub.clock.next();
	for (const stored of hub.store.all()) {
		const same =
			stored.scope.chat_id === scope.chat_id && stored.scope.thread_id === scope.thread_id;
		if (same && stored.message.ts !== undefined) oldest = Math.min(oldest, stored.message.ts);
	}
	const end = oldest - 1000;
	for (let i = 0; i < count; i += 1) {
		hub.store.add({
			scope,
			message: {
				message_id: hub.store.nextMessageId(),
				role: i % 2 === 0 ? 'user' : 'assistant',
				text: `Old message ${i + 1} of ${count}`,
				ts: end - (count - i) * 1000
			}
		});
	}
}

registerScenario('history', async (hub, scope, args) => {
	const n = Number.parseInt(args, 10);
	seedHistory(hub, scope, Number.isInteger(n) ? Math.min(Math.max(n, 1), MAX_SEEDED) : 120);
});
