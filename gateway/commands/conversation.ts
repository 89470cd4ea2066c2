/**
 * What the agent of a channel or thread sees as "the conversation" (doc/agents.md "Commands"),
 * kept in the gateway's store (`meta`, so SQLite when the store is durable):
 * - the conversation epoch of a scope: `/new` adds one, and the conversation then starts after
 *   the `/new` message (`since_ts`); a Hermes session id is derived from scope and epoch;
 * - the messages `/undo` and `/retry` took out of it (`dropped`);
 * - the model chosen with `/model`, per channel (its threads use it too).
 *
 * The history an agent gets is built here: stored user and assistant messages of the scope, in
 * the current epoch, not dropped, without slash commands (a command is never chat text; the
 * text of `/queue <text>` is the message it queued).
 */
import type { MessagePayload } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { HISTORY_MAX_LIMIT, scopeKey, type Scope } from '../storage/types';
import type { ChatTurn } from '../agents/agent';
import { parseCommand } from './parse';

/** The stored conversation state of one scope. */
export interface ConversationState {
	/** 0 until the first `/new`, then one more per `/new`. */
	epoch: number;
	/** The conversation holds only messages dated after this (epoch ms; the `/new` message's ts). */
	since_ts?: number;
	/** Message ids taken out by `/undo` or `/retry` (at most `MAX_DROPPED`, newest kept). */
	dropped: string[];
}

/** How many dropped ids are kept: more than the history window an agent ever gets. */
const MAX_DROPPED = 2 * HISTORY_MAX_LIMIT;

const stateKey = (scope: Scope) => `conversation:${scopeKey(scope)}`;
const modelKey = (chatId: string) => `model:${chatId}`;

/** The scope's conversation state (epoch 0, nothing dropped, when none is stored). */
export function conversationOf(hub: Hub, scope: Scope): ConversationState {
	const stored = hub.store.meta.get<ConversationState>(stateKey(scope));
	return stored ? { ...stored, dropped: [...stored.dropped] } : { epoch: 0, dropped: [] };
}

/** `/new`: the next epoch, starting after `ts` (epoch ms); returns the new epoch. */
export function startConversation(hub: Hub, scope: Scope, ts: number): number {
	const epoch = conversationOf(hub, scope).epoch + 1;
	hub.store.meta.set(stateKey(scope), { epoch, since_ts: ts, dropped: [] });
	return epoch;
}

/** Take `messageIds` out of the conversation the agent sees (`/undo`, `/retry`). */
export function dropMessages(hub: Hub, scope: Scope, messageIds: readonly string[]): void {
	const state = conversationOf(hub, scope);
	const dropped = [...state.dropped, ...messageIds].slice(-MAX_DROPPED);
	hub.store.meta.set(stateKey(scope), { ...state, dropped });
}

/** The model chosen for the channel `chatId` with `/model`, if any. */
export function channelModel(hub: Hub, chatId: string): string | undefined {
	return hub.store.meta.get<string>(modelKey(chatId));
}

/** Remember `model` for later turns in the channel `chatId`. */
export function setChannelModel(hub: Hub, chatId: string, model: string): void {
	hub.store.meta.set(modelKey(chatId), model);
}

/**
 * What a stored user message says as chat text: its text, the text a `/queue` queued, or null
 * for any other slash command (never shown to the model).
 */
export function chatText(text: string): string | null {
	const command = parseCommand(text);
	if (!command) return text;
	return command.name === '/queue' && command.args ? command.args : null;
}

/** A stored message of the current conversation, with the text the agent sees. */
export interface ConversationMessage {
	message: MessagePayload;
	text: string;
}

/**
 * The current conversation of `scope` (the newest `HISTORY_MAX_LIMIT` stored messages at most),
 * oldest first, up to but not including `beforeMessageId` when given.
 */
export function conversationMessages(
	hub: Hub,
	scope: Scope,
	beforeMessageId?: string
): ConversationMessage[] {
	const state = conversationOf(hub, scope);
	const dropped = new Set(state.dropped);
	let page = hub.messages.history(scope, undefined, HISTORY_MAX_LIMIT)?.messages ?? [];
	if (beforeMessageId !== undefined) {
		const at = page.findIndex((m) => m.message_id === beforeMessageId);
		if (at >= 0) page = page.slice(0, at);
	}
	const kept: ConversationMessage[] = [];
	for (const m of page) {
		if (state.since_ts !== undefined && (m.ts ?? 0) <= state.since_ts) continue;
		if (dropped.has(m.message_id) || !m.text) continue;
		if (m.role === 'assistant') kept.push({ message: m, text: m.text });
		else if (m.role === 'user') {
			const text = chatText(m.text);
			if (text !== null) kept.push({ message: m, text });
		}
	}
	return kept;
}

/** The history an agent gets for the message `beforeMessageId` (see the module comment). */
export function historyFor(hub: Hub, scope: Scope, beforeMessageId: string): ChatTurn[] {
	return conversationMessages(hub, scope, beforeMessageId).map(({ message, text }) => ({
		role: message.role === 'user' ? 'user' : 'assistant',
		text
	}));
}

/** Output tokens the answers of a scope reported (`message.stop.tokens`): all, and since `/new`. */
export function tokensUsed(hub: Hub, scope: Scope): { total: number; conversation: number } {
	const since = conversationOf(hub, scope).since_ts ?? -Infinity;
	let total = 0;
	let conversation = 0;
	let before: string | undefined;
	// Page back through the whole scope: `/usage` is rare, and a scope is rarely huge.
	for (;;) {
		const page = hub.messages.history(scope, before, HISTORY_MAX_LIMIT);
		if (!page || page.messages.length === 0) break;
		for (const m of page.messages) {
			if (m.role !== 'assistant' || typeof m.tokens !== 'number') continue;
			total += m.tokens;
			if ((m.ts ?? 0) > since) conversation += m.tokens;
		}
		if (!page.has_more) break;
		before = page.messages[0]!.message_id;
	}
	return { total, conversation };
}
