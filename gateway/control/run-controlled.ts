/**
 * Running a turn under the gateway's control (doc/protocol.md "Turn anatomy"): busy and typing
 * around it, Stop ending it the way the protocol asks, the open answer always closed.
 */
import { frame } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import type { Scope } from '../storage/types';
import { controlOf } from './registry';
import { TurnContext } from './turn-context';

/** Whether the turn ended because the user pressed Stop (`agent.stop`). */
function stoppedByUser(ctx: TurnContext): boolean {
	return ctx.signal.aborted && ctx.signal.reason === STOP_REASON;
}

/** The abort reason `agent.stop` uses. */
export const STOP_REASON = 'stop';

/**
 * Run `body` as the turn of `scope`: `agent.busy` + `typing{on}` first; `message.stop` (if a
 * message is still open) + `typing{off}` + `agent.idle` last, also when the user stops the turn.
 * On gateway shutdown (`signal`) it rejects and sends nothing more: the sockets are closing.
 */
export async function runControlled(
	hub: Hub,
	scope: Scope,
	signal: AbortSignal,
	body: (ctx: TurnContext) => Promise<void>
): Promise<void> {
	const control = controlOf(hub);
	const turn = control.begin(scope);
	const shutdown = () => turn.controller.abort(signal.reason);
	signal.addEventListener('abort', shutdown, { once: true });
	const ctx = new TurnContext(hub, scope, turn);
	try {
		ctx.busy('processing');
		ctx.emit(frame('typing', { on: true }), false);
		try {
			await body(ctx);
		} catch (e) {
			if (!stoppedByUser(ctx)) throw e;
			hub.log(`turn stopped in ${scope.chat_id}`);
		}
		ctx.finish();
		ctx.emit(frame('typing', { on: false }), false);
		ctx.emit(frame('agent.idle', {}));
	} finally {
		signal.removeEventListener('abort', shutdown);
		control.end(scope, turn);
	}
}
