/** The sidebar's channel filter: name contains the query, ignoring case and accents. */
import type { ChannelEntry } from '$lib/state/channels.svelte';

/** Lower case without accents (`Général` → `general`), for matching. */
export function foldName(text: string): string {
	return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The entries whose name contains `query` (all of them for a blank query), in order. */
export function filterChannels(entries: ChannelEntry[], query: string): ChannelEntry[] {
	const q = foldName(query.trim());
	if (!q) return entries;
	return entries.filter((e) => foldName(e.channel.name).includes(q));
}
