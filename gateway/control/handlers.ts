/**
 * The gateway's answers to the turn-control frames (doc/protocol.md "Turn anatomy, control and pickers"):
 * - `agent.stop` aborts the turn running in the frame's scope; the turn ends with `message.stop`
 *   (what was streamed) and `agent.idle`, and the request is answered with `agent.idle`.
 * - `agent.steer{text}` hands the text to the running turn, which weaves it into its answer; it is
 *   acknowledged with a `commentary` beat (to the sender with the request `id`, to the others as
 *   an event). No running turn: `error{not_found}`.
 * - `picker.select{picker_id, value}` resumes the turn waiting on that picker; an unknown or
 *   already answered picker, or a value that is not one of its choices: `error{not_found}`.
 *   Answered with `agent.busy{processing}`: the turn goes on.
 */
import { frame, type AppFrameOf, type ServerFrame } from '../../src/lib/protocol/iris';
import type { Hub, Peer } from '../hub';
import type { Scope } from '../storage/types';
import { errorFrame } from '../errors';
import { controlOf } from './registry';
import { STOP_REASON } from './run-controlled';

/**
 * After a device's `sync.done`: tell it which turns are running now (`agent.busy` with the last
 * reason), since the `agent.busy` that started them may lie before its cursor. Without this a
 * device that reloads mid-turn would offer no Stop. Then the open pickers, for the same reason.
 */
export function sendActivity(hub: Hub, peer: Peer): void {
	const control = controlOf(hub);
	for (const turn of control.allRunning()) {
		peer.send(frame('agent.busy', { reason: turn.reason }, turn.scope));
	}
	// And which questions wait for an answer: a device paired mid-turn has its picker frame
	// before its cursor, so it would show "waiting for your answer" with nothing to answer.
	// A device that has it already applies it again without a change.
	for (const p of control.allOpen()) {
		peer.send(frame(p.frame.type, p.frame.payload, p.scope) as ServerFrame);
	}
}

/** `agent.stop`: abort the running turn; answer once it has ended. */
export async function handleAgentStop(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'agent.stop'>,
	scope: Scope
): Promise<void> {
	hub.log(`agent.stop in ${scope.chat_id}`);
	const turn = controlOf(hub).running(scope);
	if (turn) {
		turn.controller.abort(STOP_REASON);
		await turn.finished;
	}
	peer.send(frame('agent.idle', {}, { ...scope, id: f.id }));
}

/** `agent.steer`: pass the text to the running turn. */
export function handleAgentSteer(
	hub: Hub,
	peer: Peer,
	f: AppFrameOf<'agent.steer'>,
	scope: Scope
): void {
	const text = f.payload.text;
	hub.log(`agent.steer ${JSON.stringify(text)} in ${scope.chat_id}`);
	const turn = controlOf(hub).running(scope);
	if (!turn) {
		peer.send(errorFrame('not_found', 'no agent turn is running to steer', f.id));
		return;
	}
	turn.steer(text);
	const beat = frame('commentary', { text: `Steering: ${text}` }, scope);
	hub.broadcast(beat, { record: true, except: peer });
	peer.send({ ...beat, id: f.id });
}

/** `picker.select`: resume the turn waiting on the picker. */
export function handlePickerSelect(hub: Hub, peer: Peer, f: AppFrameOf<'picker.select'>): void {
	const { picker_id, value } = f.payload;
	hub.log(`picker.select ${JSON.stringify({ picker_id, value })}`);
	const answered = controlOf(hub).answer(picker_id, value);
	if ('refused' in answered) {
		peer.send(errorFrame('not_found', answered.refused, f.id));
		return;
	}
	peer.send(
		frame('agent.busy', { reason: 'processing' as const }, { ...answered.scope, id: f.id })
	);
}
