/**
 * Messages sent while the agent was busy (doc/protocol.md "Stop and steer"): they wait for the
 * running turn to end, and their bubble says so ("Queued"). Kept in page memory: the mark ends with
 * the turn that was running, which a reload would not see end anyway.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';

export class QueuedSends {
	/** chat_id → client_msg_ids sent while that chat's agent was busy. */
	readonly #byChat = new SvelteMap<string, SvelteSet<string>>();

	/** A message was sent into a busy chat. */
	mark(chat_id: string, client_msg_id: string): void {
		let set = this.#byChat.get(chat_id);
		if (!set) {
			set = new SvelteSet();
			this.#byChat.set(chat_id, set);
		}
		set.add(client_msg_id);
	}

	/** Whether a message still waits for the turn that was running when it was sent. */
	has(chat_id: string, client_msg_id: string | undefined): boolean {
		return client_msg_id !== undefined && (this.#byChat.get(chat_id)?.has(client_msg_id) ?? false);
	}

	/** The chat's agent went idle: the messages it queued are now being answered. */
	turnEnded(chat_id: string): void {
		if (this.#byChat.has(chat_id)) this.#byChat.delete(chat_id);
	}
}
