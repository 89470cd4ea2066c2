/**
 * Cancel and Edit of a message still in the outbox, on the page. Edit puts its text in the
 * composer (what was typed there is kept aside and comes back afterwards) and the next send
 * replaces the message; the worker decides in one transaction whether it still can (`'sent'`:
 * the gateway may have it already, and nothing changed), and the page says so.
 */
import type { EditInput, OutboxChange } from '../bridge/contract';
import { m } from '../i18n';
import type { MessageView } from './message-view';

export interface OutboxEditDeps {
	/** Put text in the composer; returns what it held. */
	fill: (text: string) => string;
	cancel: (client_msg_id: string) => Promise<OutboxChange>;
	edit: (input: EditInput) => Promise<OutboxChange>;
	/** Say something short to everyone (a polite live region). */
	note: (text: string) => void;
	/** A fresh `client_msg_id` for the edited message. */
	randomUUID?: () => string;
}

export class OutboxEdit {
	/** The message the next send replaces, while editing. */
	editing = $state<{ client_msg_id: string; text: string } | null>(null);
	/** What the composer held when editing started. */
	#stash = '';
	readonly #d: OutboxEditDeps;

	constructor(deps: OutboxEditDeps) {
		this.#d = deps;
	}

	/** Edit `view` (a message with `unsent`): its text goes in the composer. */
	start(view: MessageView): void {
		const client_msg_id = view.row.client_msg_id;
		if (client_msg_id === undefined) return;
		const before = this.#d.fill(view.text);
		if (!this.editing) this.#stash = before;
		this.editing = { client_msg_id, text: view.text };
	}

	/** Stop editing without changing the message: the composer gets back what it held. */
	stop(): void {
		if (!this.editing) return;
		this.editing = null;
		this.#d.fill(this.#stash);
		this.#stash = '';
	}

	/** Forget the edit (another channel): the composer is that channel's now. */
	reset(): void {
		this.editing = null;
		this.#stash = '';
	}

	/**
	 * Send `text` in place of the message being edited (the composer was just emptied). Too late
	 * (already sent): the text comes back in the composer, to send as a new message if wanted.
	 */
	async submit(text: string): Promise<void> {
		const editing = this.editing;
		if (!editing) return;
		this.editing = null;
		const stash = this.#stash;
		this.#stash = '';
		const new_client_msg_id = (this.#d.randomUUID ?? (() => crypto.randomUUID()))();
		const result = await this.#d.edit({
			client_msg_id: editing.client_msg_id,
			new_client_msg_id,
			text
		});
		if (result === 'sent') {
			this.#d.fill(text);
			this.#d.note(m.message_edit_too_late());
		} else if (stash) {
			this.#d.fill(stash);
		}
	}

	/** Cancel `view`: out of the outbox and the list (an edit of it ends too). */
	async cancel(view: MessageView): Promise<void> {
		const client_msg_id = view.row.client_msg_id;
		if (client_msg_id === undefined) return;
		if (this.editing?.client_msg_id === client_msg_id) this.stop();
		const result = await this.#d.cancel(client_msg_id);
		this.#d.note(result === 'sent' ? m.message_cancel_too_late() : m.message_cancelled());
	}
}
