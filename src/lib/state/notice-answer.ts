/**
 * A picker answered from a notification's action while an app window is open: the service worker
 * hands the choice to this page, which sends it as if it had been clicked in the chat (the same
 * `selectPicker`: stored first, then `picker.select`), and replies how it went
 * (service-worker/notice-answer.ts shows that as the notification's confirmation).
 */
import type { AnswerReply, AnswerRequest } from '../protocol/sw-messages';
import { m } from '../i18n';
import { app } from './app.svelte';

/**
 * Answer `request`'s picker through this page's connection. `unknown` when this page is not
 * connected or its store has no such picker (the worker then answers over its own connection); `failed` with the reason when
 * the picker is settled already or the answer could not be sent.
 */
export async function answerFromNotice(request: AnswerRequest): Promise<AnswerReply> {
	const { picker_id, value, label } = request;
	await app.start();
	// Not connected: the service worker tries its own connection, and queues the answer when that
	// fails too (a page would only mark it "not sent").
	if (app.status.state !== 'connected') return { outcome: 'unknown' };
	const pickers = app.store.db.pickers;
	const row = await pickers.get(picker_id);
	if (!row) return { outcome: 'unknown' };
	if (row.state === 'answered' || row.state === 'sending')
		return { outcome: 'failed', error: m.notify_answer_already() };
	if (row.state === 'expired') return { outcome: 'failed', error: m.notify_answer_closed() };
	await app.commands.selectPicker({ picker_id, value, label });
	const after = await pickers.get(picker_id);
	if (after?.state === 'answered') return { outcome: 'answered' };
	return { outcome: 'failed', error: after?.error ?? m.notify_answer_closed() };
}
