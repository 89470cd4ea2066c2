/**
 * One message as the UI shows it: everything its bubble reads, from wherever it lives (the stored
 * row, the hot streaming text and reasoning, the turn's tool cards and pickers, the page's
 * "queued behind the turn" mark). Made by the `Conversation` that shows the message, one per row
 * it holds; the getters read reactive state, so a bubble re-renders when any of it changes.
 */
import { m } from '../i18n';
import { outboxReason } from './outbox-reason';
import { LOCAL_PREFIX } from '../db/local-id';
import type { MessageRow } from '../db/schema';
import type { PartRow, PickerRow } from '../db/turn-rows';
import type { LiveTexts } from './live-texts.svelte';
import type { QueuedSends } from './queued.svelte';
import type { TurnState } from './turn.svelte';

/** What a view reads besides its row (shared by the views of one conversation). */
export interface MessageViewContext {
	live: Pick<LiveTexts, 'text' | 'reasoning'>;
	turn: Pick<TurnState, 'parts' | 'settledPickers'>;
	queued: Pick<QueuedSends, 'has'>;
	/** A loaded message of the same conversation by `message_id` (what a reply quotes). */
	find?: (message_id: string) => MessageRow | undefined;
}

/** What a reply shows of the message it answers; `text` is undefined when that is not loaded. */
export interface Quote {
	message_id: string;
	text?: string;
}

export class MessageView {
	readonly row: MessageRow;
	readonly #ctx: MessageViewContext;

	constructor(row: MessageRow, ctx: MessageViewContext) {
		this.row = row;
		this.#ctx = ctx;
	}

	get id(): string {
		return this.row.message_id;
	}

	/** The answer is still arriving. */
	get streaming(): boolean {
		return this.row.status === 'streaming';
	}

	/** Hot text newer than the stored row, while streaming. */
	get liveText(): string | undefined {
		return this.streaming ? this.#ctx.live.text(this.row.message_id) : undefined;
	}

	/** The text to show: the hot text while streaming, else the stored one. */
	get text(): string {
		return this.liveText ?? this.row.text;
	}

	/** The reasoning to show (hot while streaming), or ''. */
	get reasoning(): string {
		const live = this.streaming ? this.#ctx.live.reasoning(this.row.message_id) : undefined;
		return live ?? this.row.reasoning ?? '';
	}

	/** Tool cards and commentary beats of this message, in order of arrival. */
	get parts(): PartRow[] {
		return this.#ctx.turn.parts(this.row.message_id);
	}

	/** Pickers of this message that are answered or expired, oldest first. */
	get settledPickers(): PickerRow[] {
		return this.#ctx.turn.settledPickers(this.row.message_id);
	}

	/** Sent while the agent was busy: it waits for the running turn (until that turn ends). */
	get queued(): boolean {
		return (
			this.row.status !== 'failed' && this.#ctx.queued.has(this.row.chat_id, this.row.client_msg_id)
		);
	}

	/** The message this one answers (`reply_to`), if any. */
	get quote(): Quote | undefined {
		const id = this.row.reply_to;
		if (id === undefined) return undefined;
		const text = this.#ctx.find?.(id)?.text;
		return text === undefined ? { message_id: id } : { message_id: id, text };
	}

	/** Not delivered: why, for people (the bubble offers Retry). */
	get failure(): string | undefined {
		const { status, error, refused } = this.row;
		if (status !== 'failed') return undefined;
		if (refused !== undefined) return m.message_not_sent({ reason: error || refused });
		return error === undefined ? m.message_not_delivered() : outboxReason(error);
	}

	/** Still in the outbox, not known to the gateway: the user may Cancel or Edit it. */
	get unsent(): boolean {
		const { role, status, message_id, client_msg_id } = this.row;
		return (
			role === 'user' &&
			client_msg_id !== undefined &&
			message_id.startsWith(LOCAL_PREFIX) &&
			(status === 'sending' || status === 'failed')
		);
	}
}
