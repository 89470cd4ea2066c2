/** App URLs, in one place. A `chat_id` may contain `:` or `/`, so it is always encoded. */

/** The URL of a channel's conversation. */
export function channelHref(chat_id: string): string {
	return `/chat/${encodeURIComponent(chat_id)}`;
}
