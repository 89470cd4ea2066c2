/**
 * The anatomy of the turns of one open channel (issue 3): tool cards and commentary beats per
 * message, and the channel's pickers, from the store (`parts` and `pickers` by `chat_id`, one
 * live query each). Bubbles reach it through `turnContext()` rather than props.
 */
import { getContext, setContext } from 'svelte';
import type { IrisDB } from '../db/schema';
import type { PartRow, PickerRow } from '../db/turn-rows';
import { LiveQuery } from './live.svelte';

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

	constructor(db: IrisDB, chat_id: string) {
		this.chat_id = chat_id;
		this.#parts = new LiveQuery(() => db.parts.where('chat_id').equals(chat_id).toArray(), []);
		this.#pickers = new LiveQuery(
			async () =>
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

	/** Pickers still waiting for the user (or on their way), oldest first. */
	get waiting(): PickerRow[] {
		return this.#pickers.current.filter((p) => p.state === 'open' || p.state === 'sending');
	}

	dispose(): void {
		this.#parts.dispose();
		this.#pickers.dispose();
	}
}

const KEY = Symbol('turn');

/** What bubbles read: the current channel's turn state (it changes with the channel). */
export interface TurnContext {
	readonly current: TurnState | undefined;
}

/** Provide the turn state to the components below (call during component init). */
export function setTurnContext(context: TurnContext): void {
	setContext(KEY, context);
}

/** The turn state provided by the page, if any (a bubble outside a page gets none). */
export function turnContext(): TurnContext | undefined {
	return getContext<TurnContext | undefined>(KEY);
}
