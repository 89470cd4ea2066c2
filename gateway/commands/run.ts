/**
 * The gateway's command layer (doc/agents.md "Commands"): a user message that is a slash
 * command is stored and shown like any message, then carried out here for every agent (demo,
 * OpenAI-compatible, Hermes). It never reaches the model as chat text.
 *
 * Commands that change the conversation (`/new`, `/retry`, `/undo`, `/model` with its picker,
 * `/queue`) wait their turn in the scope's queue, after the answer being written; the others
 * (`/stop`, `/steer`, `/approve`, `/deny`, `/status`, `/usage`, `/help`) act at once, since they
 * are about the running turn. Answers are system notes (./notes.ts).
 */
import { frame, type MessagePayload } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { scopeKey, type Scope } from '../storage/types';
import { controlOf } from '../control/registry';
import { STOP_REASON } from '../control/run-controlled';
import { answerMessage, enqueueAnswer } from '../turn';
import { conversationMessages, dropMessages, startConversation } from './conversation';
import { helpText, statusText, usageText } from './info';
import { runModelPicker, setModel } from './model';
import { code, postNote } from './notes';
import type { ParsedCommand } from './parse';

/** `picker.approval` answers `/approve` may name (`/approve` alone: `once`). */
const APPROVE_SCOPES = ['once', 'session', 'always'];

/** Quote the start of a user's text in a note. */
function quoted(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return `“${line.length > 80 ? `${line.slice(0, 79)}…` : line}”`;
}

/**
 * The last exchange of the conversation before `beforeMessageId`: its user message (with the
 * text the agent saw) and the ids of everything the conversation holds after it (its answers).
 */
function lastExchange(hub: Hub, scope: Scope, beforeMessageId: string) {
	const messages = conversationMessages(hub, scope, beforeMessageId);
	const at = messages.findLastIndex((m) => m.message.role === 'user');
	if (at < 0) return undefined;
	const after = messages.slice(at + 1).map((m) => m.message.message_id);
	return { user: messages[at]!, after };
}

/** `/undo`: take the last exchange out of the conversation and say what went. */
function undo(hub: Hub, scope: Scope, message: MessagePayload): void {
	const last = lastExchange(hub, scope, message.message_id);
	if (!last) {
		postNote(hub, scope, 'Nothing to undo: this conversation has no message yet.');
		return;
	}
	dropMessages(hub, scope, [last.user.message.message_id, ...last.after]);
	const answers = last.after.length === 1 ? 'its answer' : `its ${last.after.length} answers`;
	const what = last.after.length === 0 ? 'your message' : `your message and ${answers}`;
	postNote(
		hub,
		scope,
		`Undone: ${what} (${quoted(last.user.text)}) are no longer in the conversation the agent sees.`
	);
}

/** `/retry`: drop the last answer(s) and ask the last user message again. */
async function retry(
	hub: Hub,
	scope: Scope,
	message: MessagePayload,
	signal: AbortSignal
): Promise<void> {
	const last = lastExchange(hub, scope, message.message_id);
	if (!last) {
		postNote(hub, scope, 'Nothing to retry: this conversation has no message yet.');
		return;
	}
	dropMessages(hub, scope, last.after);
	postNote(hub, scope, `Retrying ${quoted(last.user.text)}.`);
	await answerMessage(hub, scope, last.user.message, signal, last.user.text);
}

/** `/stop`: stop the running turn and say so once it has ended. */
async function stop(hub: Hub, scope: Scope): Promise<void> {
	const turn = controlOf(hub).running(scope);
	if (!turn) {
		postNote(hub, scope, 'Nothing is running here to stop.');
		return;
	}
	turn.controller.abort(STOP_REASON);
	await turn.finished;
	postNote(hub, scope, 'Stopped the running turn.');
}

/** `/steer <text>`: hand the text to the running turn (as `agent.steer`), else ask it. */
function steer(hub: Hub, scope: Scope, message: MessagePayload, text: string): void {
	const turn = controlOf(hub).running(scope);
	if (!turn) {
		// As the app does with a steer that finds no turn: the text is asked, never dropped.
		enqueueAnswer(hub, scope, message, text);
		return;
	}
	turn.steer(text);
	hub.broadcast(frame('commentary', { text: `Steering: ${text}` }, scope), { record: true });
}

/** `/approve [once|session|always]` and `/deny`: answer the approval picker open here. */
function approve(hub: Hub, scope: Scope, choice: string): void {
	const control = controlOf(hub);
	const key = scopeKey(scope);
	const open = control
		.allOpen()
		.filter((p) => p.frame.type === 'picker.approval' && scopeKey(p.scope) === key)
		.at(-1);
	if (!open) {
		postNote(hub, scope, 'No command is waiting for an approval here.');
		return;
	}
	const answered = control.answer(open.picker_id, choice);
	if ('refused' in answered) {
		postNote(hub, scope, `The approval could not be answered: ${answered.refused}`);
		return;
	}
	const command = String(open.frame.payload.command ?? '');
	const verdict = choice === 'deny' ? 'Denied' : `Approved (${choice})`;
	postNote(hub, scope, `${verdict}: ${code(command)}`);
}

/** Carry out `command`, sent as the stored user message `message` of `scope`. Never throws. */
export function runCommand(
	hub: Hub,
	scope: Scope,
	message: MessagePayload,
	command: ParsedCommand
): void {
	const { name, args } = command;
	hub.log(`command ${name} in ${scope.chat_id}`);
	const later = (job: (signal: AbortSignal) => Promise<void> | void) =>
		hub.enqueueTurn(scope, async (signal) => job(signal));
	switch (name) {
		case '/new':
			return later(() => {
				const epoch = startConversation(hub, scope, message.ts ?? hub.clock.next());
				hub.log(`conversation ${epoch} of ${scope.chat_id} starts`);
				postNote(
					hub,
					scope,
					'New conversation: the agent no longer sees the messages above this point.'
				);
			});
		case '/retry':
			return later((signal) => retry(hub, scope, message, signal));
		case '/undo':
			return later(() => undo(hub, scope, message));
		case '/queue':
			if (!args) return void postNote(hub, scope, 'Usage: `/queue <text>`');
			return enqueueAnswer(hub, scope, message, args);
		case '/model':
			if (args) return later(() => setModel(hub, scope, args));
			return later((signal) => runModelPicker(hub, scope, signal));
		case '/stop':
			stop(hub, scope).catch((e: unknown) => hub.log(`/stop failed: ${String(e)}`));
			return;
		case '/steer':
			if (!args) return void postNote(hub, scope, 'Usage: `/steer <text>`');
			return steer(hub, scope, message, args);
		case '/approve':
			if (args && !APPROVE_SCOPES.includes(args.toLowerCase()))
				return void postNote(hub, scope, 'Usage: `/approve [session|always]`');
			return approve(hub, scope, args ? args.toLowerCase() : 'once');
		case '/deny':
			return approve(hub, scope, 'deny');
		case '/status':
			return void postNote(hub, scope, statusText(hub, scope));
		case '/usage':
			return void postNote(hub, scope, usageText(hub, scope));
		case '/help':
			return void postNote(hub, scope, helpText(hub));
		default: {
			// The name is the user's text: a very long one is shortened, not echoed whole.
			const shown = name.length > 60 ? `${name.slice(0, 59)}…` : name;
			postNote(hub, scope, `${code(shown)} is not available through this agent.`);
		}
	}
}
