import type { MessageView } from '$lib/state/message-view';

/** What the page does for the actions in a message (Reply, and a reply's quote). */
export interface BubbleActions {
	/** Quote this message in the composer: the next send answers it. */
	onreply: (view: MessageView) => void;
	/** Go to the message a reply answers (scroll to it, highlight and focus it). */
	onjump: (message_id: string) => void;
}
