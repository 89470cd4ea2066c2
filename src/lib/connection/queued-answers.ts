/**
 * Sending the picker answers a notification queued while the gateway could not be reached
 * (db/queued-answers.ts), once a link is ready: each goes out as `picker.select`, as the service
 * worker would have sent it. Answered: the stored picker shows the answer. Refused by the gateway
 * (`not_found`: the question is no longer open; any other error): dropped, the picker shows why.
 * No answer (timeout, the link went down): kept for the next connection.
 */
import { dropQueuedAnswer, queuedAnswers } from '../db/queued-answers';
import type { IrisDB, QueuedAnswer } from '../db/schema';
import type { Link } from './link';
import { RequestError } from './requests';

async function send(
	db: IrisDB,
	link: Link,
	queued: QueuedAnswer
): Promise<'answered' | 'refused' | 'kept'> {
	const { picker_id, chat_id, value, label } = queued;
	let refusal: RequestError | undefined;
	try {
		await link.request({ type: 'picker.select', chat_id, payload: { picker_id, value } }).answer;
	} catch (e) {
		if (!(e instanceof RequestError)) return 'kept';
		refusal = e;
	}
	await db.pickers.update(
		picker_id,
		refusal === undefined
			? { state: 'answered', answer: { value, label }, error: undefined }
			: refusal.code === 'not_found'
				? { state: 'expired', error: 'This question is no longer open.' }
				: { error: `Not sent: ${refusal.message}. Try again.` }
	);
	await dropQueuedAnswer(db, picker_id);
	return refusal === undefined ? 'answered' : 'refused';
}

/**
 * Send every queued answer over `link`, oldest first; stops at the first one that got no answer
 * (the rest wait with it). `log` records what the gateway refused. Never rejects for a refused
 * answer; storage errors reject.
 */
export async function sendQueuedAnswers(
	db: IrisDB,
	link: Link,
	log: (line: string) => void
): Promise<void> {
	for (const queued of await queuedAnswers(db)) {
		if (!link.ready) return;
		const outcome = await send(db, link, queued);
		if (outcome === 'kept') return;
		log(`the answer "${queued.label}" chosen on a notification was ${outcome}`);
	}
}
