/**
 * Sending the picker answers a notification queued while the gateway could not be reached
 * (db/queued-answers.ts), once a link is ready: each goes out as `picker.select`, as the service
 * worker would have sent it, unless the stored picker is settled already (answered, expired, on
 * its way: dropped unsent). Answered: the stored picker shows the answer. Refused by the gateway
 * (`not_found`: the question is no longer open; any other error): dropped, the picker shows why.
 * No answer (timeout, the link went down): kept for the next connection.
 */
import { dropQueuedAnswer, queuedAnswers } from '../db/queued-answers';
import type { IrisDB, QueuedAnswer } from '../db/schema';
import type { Link } from './link';
import { sendPickerSelect } from './picker-select';

async function send(
	db: IrisDB,
	link: Link,
	queued: QueuedAnswer
): Promise<'answered' | 'refused' | 'settled' | 'kept'> {
	const row = await db.pickers.get(queued.picker_id);
	// Answered meanwhile (here, on another device, by a sync replay), expired, or being answered
	// from the chat: a picker is never answered twice.
	if (row && row.state !== 'open') {
		await dropQueuedAnswer(db, queued.picker_id);
		return 'settled';
	}
	const sent = await sendPickerSelect(db, link, queued, queued);
	if (sent.outcome === 'unanswered') {
		// No answer: open again, the answer waits for the next connection.
		if (row) await db.pickers.update(queued.picker_id, { state: 'open' });
		return 'kept';
	}
	await dropQueuedAnswer(db, queued.picker_id);
	return sent.outcome;
}

/** A queued answer older than this (ms) is dropped unsent: 12 hours. */
export const QUEUED_ANSWER_MAX_AGE_MS = 12 * 60 * 60_000;

/**
 * Send every queued answer over `link`, oldest first (`now`: epoch ms; older than
 * `QUEUED_ANSWER_MAX_AGE_MS`: dropped unsent); stops at the first one that got no answer
 * (the rest wait with it). `log` records what the gateway refused. Never rejects for a refused
 * answer; storage errors reject.
 */
export async function sendQueuedAnswers(
	db: IrisDB,
	link: Link,
	log: (line: string) => void,
	now = Date.now()
): Promise<void> {
	for (const queued of await queuedAnswers(db)) {
		if (!link.ready) return;
		if (now - queued.queued_at > QUEUED_ANSWER_MAX_AGE_MS) {
			// An "Allow once" from days ago is not what the user wants now: the chat asks again.
			await dropQueuedAnswer(db, queued.picker_id);
			log(`the answer "${queued.label}" chosen on a notification was too old to send`);
			continue;
		}
		const outcome = await send(db, link, queued);
		if (outcome === 'kept') return;
		log(`the answer "${queued.label}" chosen on a notification was ${outcome}`);
	}
}
