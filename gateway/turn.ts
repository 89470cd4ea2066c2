/**
 * One demo agent turn, as every device sees it:
 * `agent.busy` → `typing{on}` → `message.start` → `message.update`×N (full text so far) →
 * `message.stop` → `typing{off}` → `agent.idle`. Every frame carries the scope's `chat_id`
 * (and `thread_id`); all but `typing` go into the replay log. The turn can be stopped
 * (`agent.stop`) and steered (`agent.steer`): see `control/turn-context.ts`.
 */
import { demoReply } from './demo-agent';
import type { Hub } from './hub';
import type { Scope } from './storage/types';
import { runControlled } from './control/turn-context';

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
