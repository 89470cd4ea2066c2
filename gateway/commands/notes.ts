/**
 * The gateway's own answers to slash commands: a `message` with role `system`, stored in the
 * scope's history and sent to every device (recorded for sync). System messages are never part
 * of the conversation an agent gets (./conversation.ts).
 */
import { frame, type MessagePayload } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';

/** Store and broadcast `text` (markdown) as a system note in `scope`; returns its message id. */
export function postNote(hub: Hub, scope: Scope, text: string): string {
	const message: MessagePayload = {
		message_id: hub.messages.nextMessageId(),
		role: 'system',
		text,
		ts: hub.clock.next()
	};
	hub.atomically(() => {
		hub.messages.add({ scope, message });
		hub.broadcast(frame('message', message, scope), { record: true });
	});
	return message.message_id;
}

/** `text` as inline code, whatever backticks it holds (for names and commands in notes). */
export function code(text: string): string {
	const ticks = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
	const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
	return `${ticks}${pad}${text}${pad}${ticks}`;
}
