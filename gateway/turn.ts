/**
 * One demo agent turn, as every device sees it:
 * `agent.busy` → `typing{on}` → `message.start` → `message.update`×N (full text so far) →
 * `message.stop` → `typing{off}` → `agent.idle`. Every frame carries the scope's `chat_id`
 * (and `thread_id`); all but `typing` go into the replay log.
 */
import { frame, type ServerFrame } from '../src/lib/protocol/iris';
import { DEMO_MODEL, demoReply, demoTokens, streamText } from './demo-agent';
import type { Hub } from './hub';
import type { Scope } from './store';

/** Stream the demo reply to `userText` into `scope`; resolves after `agent.idle`. */
export async function runDemoTurn(
	hub: Hub,
	scope: Scope,
	userText: string,
	signal: AbortSignal
): Promise<void> {
	const emit = (f: ServerFrame, record = true): void => hub.broadcast(f, { record });
	const text = demoReply(userText);
	const messageId = hub.store.nextMessageId();
	const ts = hub.clock.next();

	emit(frame('agent.busy', { reason: 'processing' as const }, scope));
	emit(frame('typing', { on: true }, scope), false);
	emit(frame('message.start', { message_id: messageId, role: 'assistant' as const, ts }, scope));
	// On shutdown `streamText` rejects and the turn just ends: the sockets are closing anyway.
	await streamText(text, hub.options.demoStepMs, signal, (full) =>
		emit(frame('message.update', { message_id: messageId, text: full }, scope))
	);
	const tokens = demoTokens(text);
	emit(
		frame(
			'message.stop',
			{ message_id: messageId, final_text: text, model: DEMO_MODEL, tokens },
			scope
		)
	);
	// Stored before idle, so a `history` sent on `agent.idle` already contains the reply.
	hub.store.add({
		scope,
		message: { message_id: messageId, role: 'assistant', text, model: DEMO_MODEL, tokens, ts }
	});
	emit(frame('typing', { on: false }, scope), false);
	emit(frame('agent.idle', {}, scope));
}
