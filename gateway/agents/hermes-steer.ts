/**
 * Steering a Hermes run (`agent.steer`), and what happens to a text Hermes cannot take in while
 * it works: it becomes the user's next message, answered once the running turn is over, and the
 * user is told so in the turn (a `commentary` beat). doc/agents.md "Steering".
 */
import { frame, type MessagePayload } from '../../src/lib/protocol/iris';
import type { TurnContext } from '../control/turn-context';
import { runAgentTurn } from '../turn';

/** The notice shown when a steer cannot reach the running run. */
export const STEER_QUEUED_NOTICE =
	'Hermes cannot take this in while it works: it is sent as your next message once this answer ends.';

/**
 * Store `text` as the user's next message in the turn's scope and answer it, after the turn
 * running now (and anything already queued); `notice` is shown in the running turn at once.
 */
export function queueAsNextMessage(ctx: TurnContext, text: string, notice: string): void {
	ctx.commentary(notice);
	const { hub, scope } = ctx;
	hub.enqueueTurn(scope, async (signal) => {
		const message: MessagePayload = {
			message_id: hub.messages.nextMessageId(),
			role: 'user',
			text,
			ts: hub.clock.next()
		};
		hub.atomically(() => {
			hub.messages.add({ scope, message });
			hub.broadcast(frame('message', message, scope), { record: true });
		});
		const agent = hub.options.agent;
		if (agent) await runAgentTurn(hub, scope, agent, message, signal);
	});
}

/**
 * What `post` made of a steer: `taken` by the run, or `refused` (409: the run cannot take one
 * now, e.g. it is finishing).
 */
export type SteerOutcome = 'taken' | 'refused';

/**
 * Pass the turn's steering texts (`agent.steer`, queued on the running turn) to the run, in
 * order: `post` when `offered()` says the server takes steers, else (or when refused or failed)
 * queued as the next message with a notice. Texts sent before the run id was known are passed
 * at once. Returns the function that ends the relay; texts still waiting then are queued too.
 */
export function relaySteers(
	ctx: TurnContext,
	offered: () => boolean,
	post: (text: string) => Promise<SteerOutcome>
): () => void {
	let chain = Promise.resolve();
	let over = false;
	const pass = (text: string): Promise<void> => {
		if (over || !offered()) {
			queueAsNextMessage(ctx, text, STEER_QUEUED_NOTICE);
			return Promise.resolve();
		}
		return post(text).then(
			(outcome) => {
				if (outcome === 'taken') ctx.hub.log(`steer passed to Hermes: ${JSON.stringify(text)}`);
				else queueAsNextMessage(ctx, text, STEER_QUEUED_NOTICE);
			},
			(e: unknown) => {
				ctx.hub.log(`steer not passed to Hermes (${(e as Error).message})`);
				// The turn may be over by now: only a running turn can show the notice.
				if (!ctx.signal.aborted) queueAsNextMessage(ctx, text, STEER_QUEUED_NOTICE);
			}
		);
	};
	const drain = () => {
		for (let text = ctx.turn.takeSteer(); text !== undefined; text = ctx.turn.takeSteer()) {
			const next = text;
			chain = chain.then(() => pass(next));
		}
	};
	const unsubscribe = ctx.turn.onSteer(drain);
	drain();
	return () => {
		unsubscribe();
		over = true;
		drain();
	};
}
