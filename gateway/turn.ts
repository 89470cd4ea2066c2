/**
 * One agent turn, as every device sees it:
 * `agent.busy` → `typing{on}` → `message.start` → `message.update`×N (full text so far) →
 * `message.stop` → `typing{off}` → `agent.idle`. Every frame carries the scope's `chat_id`
 * (and `thread_id`); all but `typing` go into the replay log. The turn can be stopped
 * (`agent.stop`) and, with the demo agent, steered (`agent.steer`): see `control/`.
 */
import { demoReply } from './demo-agent';
import type { Hub } from './hub';
import { HISTORY_MAX_LIMIT, type Scope } from './storage/types';
import { runControlled } from './control/run-controlled';
import { AgentError, type Agent, type ChatTurn, type TurnInput } from './agents/agent';
import { errorFrame } from './errors';
import type { MessagePayload } from '../src/lib/protocol/iris';

/** Stream the demo reply to `userText` into `scope`; resolves after `agent.idle`. */
export async function runDemoTurn(
	hub: Hub,
	scope: Scope,
	userText: string,
	signal: AbortSignal
): Promise<void> {
	await runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		await ctx.stream(demoReply(userText));
	});
}

/**
 * Answer the stored user message `message` of `scope` with `agent`; resolves after
 * `agent.idle`. A failure (server down, key rejected, rate limited) closes what was streamed and
 * is told to every device as an `error` frame in the scope; the gateway itself carries on.
 */
export async function runAgentTurn(
	hub: Hub,
	scope: Scope,
	agent: Agent,
	message: MessagePayload,
	signal: AbortSignal
): Promise<void> {
	await runControlled(hub, scope, signal, async (ctx) => {
		try {
			const history = historyBefore(hub, scope, message.message_id);
			const input: TurnInput = { text: message.text ?? '', history };
			if (message.client_msg_id !== undefined) input.clientMsgId = message.client_msg_id;
			await agent.turn(ctx, input);
		} catch (e) {
			if (ctx.signal.aborted) throw e;
			const problem = e instanceof AgentError ? e : new AgentError(String(e));
			hub.log(`agent turn in ${scope.chat_id} failed: ${problem.message}`);
			ctx.finish({});
			ctx.emit(errorFrame(problem.code, problem.message));
		}
	});
}

/**
 * The scope's stored conversation before the message being answered (messages sent after it,
 * while its turn waited in the queue, are not part of it).
 */
function historyBefore(hub: Hub, scope: Scope, messageId: string): ChatTurn[] {
	const page = hub.messages.history(scope, undefined, HISTORY_MAX_LIMIT)?.messages ?? [];
	const at = page.findIndex((m) => m.message_id === messageId);
	const turns: ChatTurn[] = [];
	for (const m of at < 0 ? page : page.slice(0, at)) {
		if ((m.role === 'user' || m.role === 'assistant') && m.text)
			turns.push({ role: m.role, text: m.text });
	}
	return turns;
}
