/** The sidebar's order of channels and threads. */
import type { ChannelRow } from '../db/schema';

/**
 * Parents in `position` order, each followed by its threads; orphan threads stay top-level.
 * Linear in the number of channels (20,000 channels are one pass, not 20,000 × 20,000).
 */
export function channelTree(
	channels: readonly ChannelRow[]
): { channel: ChannelRow; depth: 0 | 1 }[] {
	const ids = new Set(channels.map((c) => c.chat_id));
	const isChild = (c: ChannelRow) =>
		c.kind === 'thread' && !!c.parent_chat_id && ids.has(c.parent_chat_id);
	const children = new Map<string, ChannelRow[]>();
	for (const c of channels) {
		if (!isChild(c)) continue;
		const siblings = children.get(c.parent_chat_id!);
		if (siblings) siblings.push(c);
		else children.set(c.parent_chat_id!, [c]);
	}
	const out: { channel: ChannelRow; depth: 0 | 1 }[] = [];
	for (const parent of channels) {
		if (isChild(parent)) continue;
		out.push({ channel: parent, depth: 0 });
		for (const child of children.get(parent.chat_id) ?? []) out.push({ channel: child, depth: 1 });
	}
	return out;
}
