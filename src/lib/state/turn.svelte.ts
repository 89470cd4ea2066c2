/**
 * The anatomy of the turns of one open channel: tool cards and commentary beats per message, and
 * the channel's pickers, from the store (`parts` and `pickers` by `chat_id`, one live query
 * each). Owned by the channel's `Conversation`; bubbles read it through their `MessageView`.
 */
import type { PartRow, PickerRow, ToolPart } from '../db/turn-rows';
import { LiveQuery } from './live.svelte';
import type { Store } from './store.svelte';

export class TurnState {
	readonly chat_id: string;
	readonly #parts: LiveQuery<PartRow[]>;
	readonly #pickers: LiveQuery<PickerRow[]>;
	readonly #byMessage = $derived.by(() => {
		const byMessage: Record<string, PartRow[]> = {};
		for (const part of this.#parts.current) (byMessage[part.message_id] ??= []).push(part);
		for (const list of Object.values(byMessage)) list.sort((a, b) => a.seq - b.seq);
		return byMessage;
	});

	constructor(store: Store, chat_id: string) {
		this.chat_id = chat_id;
		this.#parts = new LiveQuery(
			store,
			(db) => db.parts.where('chat_id').equals(chat_id).toArray(),
			[]
		);
		this.#pickers = new LiveQuery(
			store,
			async (db) =>
				(await db.pickers.where('chat_id').equals(chat_id).toArray()).sort((a, b) => a.ts - b.ts),
			[]
		);
	}

	/** Tool cards and beats of a message, in order of arrival. */
	parts(message_id: string): PartRow[] {
		return Object.hasOwn(this.#byMessage, message_id) ? this.#byMessage[message_id]! : [];
	}

	/** Pickers of a message that are no longer waiting (answered or expired), oldest first. */
	settledPickers(message_id: string): PickerRow[] {
		return this.#pickers.current.filter(
			(p) => p.message_id === message_id && (p.state === 'answered' || p.state === 'expired')
		);
	}

	/** Whether the channel's tool cards were read from the store at least once. */
	get loaded(): boolean {
		return this.#parts.loaded;
	}

	/** The tool calls of this channel, running or done. */
	get tools(): ToolPart[] {
		return this.#parts.current.filter((part): part is ToolPart => part.kind === 'tool');
	}

	/** Pickers still waiting for the user (or on their way), oldest first. */
	get waiting(): PickerRow[] {
		return this.#pickers.current.filter((p) => p.state === 'open' || p.state === 'sending');
	}

	dispose(): void {
		this.#parts.dispose();
		this.#pickers.dispose();
	}
}
