/**
 * One agent turn, as every device sees it:
 * `agent.busy` → `typing{on}` → `message.start` → `message.update`×N (full text so far) →
 * `message.stop` → `typing{off}` → `agent.idle`. Every frame carries the scope's `chat_id`
 * (and `thread_id`); all but `typing` go into the replay log. The turn can be stopped
 * (`agent.stop`) and, with the demo agent, steered (`agent.steer`): see `control/`.
 *
 * The agent gets the scope's current conversation (./commands/conversation.ts: after the last
 * `/new`, without what `/undo` took out or any slash command) and the channel's `/model` choice.
 */
import { DEMO_MODEL, demoReply, demoTokens } from './demo-agent';
import type { Hub } from './hub';
import type { Scope } from './storage/types';
import { runControlled } from './control/run-controlled';
import { AgentError, type Agent, type ChatTurn, type TurnInput } from './agents/agent';
import { errorFrame } from './errors';
import { findScenario } from './demo';
import { mediaTurnText } from './media/describe';
import { channelModel, conversationOf, historyFor } from './commands/conversation';
import type { MessagePayload } from '../src/lib/protocol/iris';

/**
 * Stream the demo reply to `userText` into `scope`; resolves after `agent.idle`. `history`: the
 * conversation before it (the reply says how much of it the demo "remembers"); `model`: the
 * channel's `/model` choice, reported in `message.stop` (default `demo-echo`).
 */
export async function runDemoTurn(
	hub: Hub,
	scope: Scope,
	userText: string,
	signal: AbortSignal,
	history: readonly ChatTurn[] = [],
	model?: string
): Promise<void> {
	await runControlled(hub, scope, signal, async (ctx) => {
		ctx.start();
		const text = demoReply(userText) + memoryNote(history);
		await ctx.stream(text);
		ctx.finish({ model: model ?? DEMO_MODEL, tokens: demoTokens(text) });
	});
}

/**
 * What the demo reply adds about the conversation before the message: nothing for the first
 * message of a conversation (so a first reply is exactly `demoReply`), else how many earlier
 * messages it sees. It quotes none of them: a reply quoting an earlier message would read, to
 * anyone looking for the reply to that message, as a second one.
 */
function memoryNote(history: readonly ChatTurn[]): string {
	if (history.length === 0) return '';
	return `\n\nEarlier in this conversation: ${history.length} messages.`;
}

/**
 * Answer the stored user message `message` of `scope` with `agent`; resolves after
 * `agent.idle`. `text`: what the agent is asked (default the message's text; `/queue <text>`
 * asks the text alone). A failure (server down, key rejected, rate limited) closes what was
 * streamed and is told to every device as an `error` frame in the scope; the gateway carries on.
 */
export async function runAgentTurn(
	hub: Hub,
	scope: Scope,
	agent: Agent,
	message: MessagePayload,
	signal: AbortSignal,
	text = message.text ?? ''
): Promise<void> {
	await runControlled(hub, scope, signal, async (ctx) => {
		try {
			const history = historyFor(hub, scope, message.message_id);
			const input: TurnInput = { text, history, epoch: conversationOf(hub, scope).epoch };
			const model = channelModel(hub, scope.chat_id);
			if (model !== undefined) input.model = model;
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
 * Answer `message` now (inside a queued turn) with whoever answers in this gateway: the
 * configured agent, else the demo agent (a `/demo …` scenario, or the demo reply, which
 * describes attached media). `text`: what is asked, default the message's text.
 */
export function answerMessage(
	hub: Hub,
	scope: Scope,
	message: MessagePayload,
	signal: AbortSignal,
	text = message.text ?? ''
): Promise<void> {
	const agent = hub.options.agent;
	if (agent) return runAgentTurn(hub, scope, agent, message, signal, text);
	const demo = findScenario(text);
	if (demo) return demo.scenario(hub, scope, demo.args, signal);
	const said = message.media?.length ? mediaTurnText(text, message.media) : text;
	const history = historyFor(hub, scope, message.message_id);
	return runDemoTurn(hub, scope, said, signal, history, channelModel(hub, scope.chat_id));
}

/** `answerMessage` after the turns already queued in `scope`. */
export function enqueueAnswer(
	hub: Hub,
	scope: Scope,
	message: MessagePayload,
	text?: string
): void {
	hub.enqueueTurn(scope, (signal) => answerMessage(hub, scope, message, signal, text));
}
