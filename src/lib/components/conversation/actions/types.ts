import type { MessageView } from '$lib/state/message-view';

/** What the page does for the actions in a message (Reply, a reply's quote, Cancel, Edit). */
export interface BubbleActions {
	/** Quote this message in the composer: the next send answers it. */
	onreply: (view: MessageView) => void;
	/** Go to the message a reply answers (scroll to it, highlight and focus it). */
	onjump: (message_id: string) => void;
	/** Take a message still in the outbox back (`view.unsent`). */
	oncancel: (view: MessageView) => void;
	/** Put such a message's text in the composer: the next send replaces it. */
	onedit: (view: MessageView) => void;
	/** Whether the message with this `client_msg_id` is the one being edited (it is marked). */
	editing?: (client_msg_id: string) => boolean;
}
