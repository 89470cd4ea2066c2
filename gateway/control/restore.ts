/**
 * What a gateway does when it starts on a store a previous run left (it was killed, or stopped
 * mid-turn): the turns of that run are gone, so
 * - every answer still streaming is closed: `message.stop` with the text that had streamed and a
 *   note that it was cut off, stored in `history`, then `agent.idle` for its chat. Every device,
 *   and one paired later, ends up with the same message;
 * - every picker still waiting is open again: `picker.select` is answered as before, and the
 *   demo agent then answers the choice in a new message (the reply its scenario registered with
 *   `registerPickerReply`).
 */
import { frame, type ServerFrame } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import type { StoredPicker } from '../storage/types';
import { controlOf } from './registry';
import { runControlled } from './run-controlled';

/** Appended to an answer closed by a restart. */
export const CUT_OFF_NOTE = '*(cut off: the gateway stopped before this answer was finished)*';

const replies = new Map<string, (value: string) => string>();

/** Register what answers a picker of scenario `name` once a restart cut its turn. */
export function registerPickerReply(name: string, reply: (value: string) => string): void {
	replies.set(name, reply);
}

function answerRestored(hub: Hub, picker: StoredPicker, value: string): void {
	const reply = (picker.resume && replies.get(picker.resume)) || ((v: string) => `You chose ${v}.`);
	hub.enqueueTurn(picker.scope, (signal) =>
		runControlled(hub, picker.scope, signal, async (ctx) => {
			const answered = { ...picker.payload, answer: value };
			ctx.emit(frame(picker.type as 'picker.confirm', answered) as ServerFrame);
			ctx.start();
			await ctx.stream(reply(value));
		})
	);
}

/** Close what the previous run left open, reopen its pickers; returns how many of each. */
export function restore(hub: Hub): { closed: number; pickers: number } {
	const streams = hub.events.openStreams();
	for (const s of streams) {
		const text = s.text ? `${s.text}\n\n${CUT_OFF_NOTE}` : CUT_OFF_NOTE;
		const reasoning = s.reasoning === undefined ? {} : { reasoning: s.reasoning };
		hub.atomically(() => {
			const stop = { message_id: s.message_id, final_text: text, ...reasoning };
			hub.broadcast(frame('message.stop', stop, s.scope), { record: true });
			hub.messages.add({
				scope: s.scope,
				message: { message_id: s.message_id, role: s.role, text, ts: s.ts, ...reasoning }
			});
			hub.broadcast(frame('agent.idle', {}, s.scope), { record: true });
		});
	}
	const control = controlOf(hub);
	const pickers = hub.store.pickers.all();
	for (const p of pickers) {
		control.open(
			{
				picker_id: p.picker_id,
				scope: p.scope,
				values: p.values ? new Set(p.values) : null,
				frame: { type: p.type, payload: p.payload },
				...(p.resume === undefined ? {} : { resume: p.resume }),
				resolve: (value) => answerRestored(hub, p, value)
			},
			true
		);
	}
	return { closed: streams.length, pickers: pickers.length };
}
