/**
 * Picker answers chosen on a notification while the gateway could not be reached (meta
 * `queued_answers`): the service worker queues them (service-worker/notice-answer.ts), the
 * connection sends them once it is ready (connection/queued-answers.ts). One per picker: a later
 * choice replaces an earlier one.
 */
import { getMeta, setMeta } from './meta';
import type { IrisDB, QueuedAnswer } from './schema';

/** Queue `answer`, replacing one queued earlier for the same picker. */
export async function queueAnswer(db: IrisDB, answer: QueuedAnswer): Promise<void> {
	await db.transaction('rw', db.meta, async () => {
		const queued = (await getMeta(db, 'queued_answers')) ?? [];
		const others = queued.filter((a) => a.picker_id !== answer.picker_id);
		await setMeta(db, 'queued_answers', [...others, answer]);
	});
}

/** The queued answers, oldest first. */
export async function queuedAnswers(db: IrisDB): Promise<QueuedAnswer[]> {
	return (await getMeta(db, 'queued_answers')) ?? [];
}

/** Remove the answer queued for `picker_id` (sent, or refused for good). */
export async function dropQueuedAnswer(db: IrisDB, picker_id: string): Promise<void> {
	await db.transaction('rw', db.meta, async () => {
		const queued = (await getMeta(db, 'queued_answers')) ?? [];
		await setMeta(
			db,
			'queued_answers',
			queued.filter((a) => a.picker_id !== picker_id)
		);
	});
}
