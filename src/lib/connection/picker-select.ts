/**
 * Sending one picker answer (spec `picker.select`), with the stored picker following it: the
 * chat's answer (turn-commands.ts) and one chosen on a notification while the gateway could not
 * be reached (queued-answers.ts) go out the same way.
 */
import type { IrisDB } from '../db/schema';
import type { Link } from './link';
import { RequestError } from './requests';
import type { CommandScope } from './turn-commands';

/** An answer to a picker: the option's `value` as sent, and its `label` as shown. */
export interface PickerAnswer {
	picker_id: string;
	value: string;
	label: string;
}

/**
 * How a `picker.select` ended: `answered` (acked), `refused` (an `error` frame: the stored picker
 * is `expired` on `not_found`, else open again with the reason), or `unanswered` (no answer: a
 * timeout or the link went down; the stored picker is left `sending` for the caller to settle).
 */
export type PickerSelectOutcome =
	{ outcome: 'answered' } | { outcome: 'refused' } | { outcome: 'unanswered'; error: Error };

/**
 * Send `answer` in `scope` over `link`. The stored picker (when there is one) is marked `sending`
 * with the answer first, then settled as described by `PickerSelectOutcome`. Storage errors reject.
 */
export async function sendPickerSelect(
	db: IrisDB,
	link: Link,
	scope: CommandScope,
	answer: PickerAnswer
): Promise<PickerSelectOutcome> {
	const { picker_id, value, label } = answer;
	const stored = (await db.pickers.get(picker_id)) !== undefined;
	if (stored)
		await db.pickers.update(picker_id, {
			state: 'sending',
			answer: { value, label },
			error: undefined
		});
	const envelope =
		scope.thread_id === undefined
			? { chat_id: scope.chat_id }
			: { chat_id: scope.chat_id, thread_id: scope.thread_id };
	try {
		await link.request({ type: 'picker.select', ...envelope, payload: { picker_id, value } })
			.answer;
	} catch (e) {
		if (!(e instanceof RequestError)) return { outcome: 'unanswered', error: e as Error };
		await db.pickers.update(
			picker_id,
			e.code === 'not_found'
				? { state: 'expired', error: 'This question is no longer open.' }
				: { state: 'open', error: `Not sent: ${e.message}. Try again.` }
		);
		return { outcome: 'refused' };
	}
	await db.pickers.update(picker_id, {
		state: 'answered',
		answer: { value, label },
		error: undefined
	});
	return { outcome: 'answered' };
}
