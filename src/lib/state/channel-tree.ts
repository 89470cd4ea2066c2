/** The sidebar's order of channels and threads. */
import type { ChannelRow } from '../db/schema';

/** Parents in `position` order, each followed by its threads; orphan threads stay top-level. */
export function channelTree(
	channels: readonly ChannelRow[]
): { channel: ChannelRow; depth: 0 | 1 }[] {
	const ids = new Set(channels.map((c) => c.chat_id));
	const isChild = (c: ChannelRow) =>
		c.kind === 'thread' && !!c.parent_chat_id && ids.has(c.parent_chat_id);
	const out: { channel: ChannelRow; depth: 0 | 1 }[] = [];
	for (const parent of channels.filter((c) => !isChild(c))) {
		out.push({ channel: parent, depth: 0 });
		for (const child of channels) {
			if (isChild(child) && child.parent_chat_id === parent.chat_id) {
				out.push({ channel: child, depth: 1 });
			}
		}
	}
	return out;
}
