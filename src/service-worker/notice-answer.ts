/**
 * Answering from the notification (doc/protocol.md "Push"): an approval notifies with the
 * actions "Allow once" and "Deny", a question with its first choices (as many as the platform
 * shows; the rest are answered in the app). Choosing one sends `picker.select` even when no
 * window is open: an open app window sends it through its own connection (`ANSWER` message),
 * else the worker connects briefly itself (`brief-connection.ts`); when the gateway cannot be
 * reached, the answer waits in the store for the app's next connection (db/queued-answers.ts).
 * The notification is then replaced by one that says the answer went through, or is queued — or
 * why not, and that the chat answers it.
 */
import type { NoticeData, NoticePicker, PushChoice, PushNotice } from '../lib/protocol/push';
import {
	answerReplyOf,
	type AnswerReply,
	type AnswerRequest,
	type ServiceWorkerToPage
} from '../lib/protocol/sw-messages';
import { dialectOf } from '../lib/protocol/dialect';
import type { IrisDB } from '../lib/db/schema';
import { getMeta } from '../lib/db/meta';
import { m } from '../lib/i18n';
import type { Locale } from '../lib/i18n/catalogues';
import { queueAnswer } from '../lib/db/queued-answers';
import { BriefConnectionError, connectBriefly } from './brief-connection';

/**
 * How an answer from a notification went: as an app window replies (`AnswerReply`), or `queued`:
 * the gateway could not be reached, the answer is sent on the app's next connection.
 */
export type AnswerOutcome = AnswerReply | { outcome: 'queued' };

/** A notification action (the DOM typings no longer list `actions`). */
export interface NoticeAction {
	action: string;
	title: string;
}

/** Action ids are `answer:<index in NoticePicker.choices>`. */
const ACTION = 'answer:';

/** How long an app window may take to send an answer (its request times out at 15 s), ms. */
const WINDOW_ANSWER_TIMEOUT_MS = 20_000;

/** How many actions this platform shows on a notification (Chromium: 2). */
export function maxActions(): number {
	return (globalThis.Notification as { maxActions?: number } | undefined)?.maxActions ?? 2;
}

/**
 * The actions of a notice that can answer a picker, with what its `data.picker` keeps; no
 * actions for other notices (or a question without choices: it is answered in the app).
 */
export function pickerActions(
	notice: PushNotice,
	locale: Locale,
	limit: number
): { actions: NoticeAction[]; picker?: NoticePicker } {
	if (!notice.picker_id || notice.chat_id === undefined) return { actions: [] };
	const choices: PushChoice[] =
		notice.kind === 'approval'
			? [
					{ value: 'once', label: m.picker_allow_once({}, { locale }) },
					{ value: 'deny', label: m.picker_deny({}, { locale }) }
				]
			: (notice.choices ?? []);
	const offered = choices.slice(0, limit);
	if (offered.length === 0) return { actions: [] };
	return {
		actions: offered.map((c, i) => ({ action: `${ACTION}${i}`, title: c.label })),
		picker: { picker_id: notice.picker_id, chat_id: notice.chat_id, choices: offered }
	};
}

/** The choice a clicked action stands for, or undefined (a click on the body, another action). */
export function chosen(data: NoticeData | null, action: string): PushChoice | undefined {
	if (!data?.picker || !action.startsWith(ACTION)) return undefined;
	return data.picker.choices[Number(action.slice(ACTION.length))];
}

/** Ask one app window to send the answer; `unknown` when it does not reply in time. */
async function askWindow(client: WindowClient, request: AnswerRequest): Promise<AnswerReply> {
	const channel = new MessageChannel();
	const reply = new Promise<AnswerReply>((resolve) => {
		const timer = setTimeout(() => resolve({ outcome: 'unknown' }), WINDOW_ANSWER_TIMEOUT_MS);
		channel.port1.onmessage = (event) => {
			clearTimeout(timer);
			resolve(answerReplyOf(event.data) ?? { outcome: 'unknown' });
		};
	});
	const message: ServiceWorkerToPage = request;
	client.postMessage(message, [channel.port2]);
	const answer = await reply;
	channel.port1.close();
	return answer;
}

/** Queue the answer for the app's next connection; `failed` when even that cannot be stored. */
async function queue(
	db: IrisDB,
	picker: NoticePicker,
	choice: PushChoice,
	locale: Locale
): Promise<AnswerOutcome> {
	try {
		const { picker_id, chat_id } = picker;
		const { value, label } = choice;
		await queueAnswer(db, { picker_id, chat_id, value, label, queued_at: Date.now() });
		return { outcome: 'queued' };
	} catch (e) {
		console.warn('[sw] could not queue the answer', e);
		return { outcome: 'failed', error: m.notify_answer_unreachable({}, { locale }) };
	}
}

/**
 * Send the answer over the worker's own connection, with the store's pairing and device id;
 * queued for the app's next connection when the gateway cannot be reached.
 */
async function answerItself(
	db: IrisDB,
	picker: NoticePicker,
	choice: PushChoice,
	locale: Locale
): Promise<AnswerOutcome> {
	const failed = (error: string): AnswerOutcome => ({ outcome: 'failed', error });
	const [pairing, device_id] = await Promise.all([
		getMeta(db, 'gateway'),
		getMeta(db, 'device_id')
	]);
	if (!pairing || !device_id) return failed(m.notify_answer_unreachable({}, { locale }));
	if (dialectOf(pairing) !== 'iris') return failed(m.notify_answer_app_only({}, { locale }));
	try {
		const target = { url: pairing.url, token: pairing.token, device_id };
		const { chat_id, picker_id } = picker;
		await connectBriefly(target, {
			request: { type: 'picker.select', chat_id, payload: { picker_id, value: choice.value } }
		});
		return { outcome: 'answered' };
	} catch (e) {
		if (!(e instanceof BriefConnectionError)) throw e;
		if (e.reason === 'closed') return failed(m.notify_answer_closed({}, { locale }));
		if (e.reason === 'unreachable') return queue(db, picker, choice, locale);
		// Sent, never confirmed: sending it again could answer twice (the chat tells).
		if (e.reason === 'unconfirmed') return failed(m.notify_answer_unconfirmed({}, { locale }));
		return failed(e.message);
	}
}

/**
 * Send `choice` for the notification's picker: through the first app window that knows the
 * picker, else over the worker's own connection, else queued for the app's next connection.
 * Never rejects for a failed answer: the outcome says why.
 */
export async function sendAnswer(
	windows: readonly WindowClient[],
	db: IrisDB,
	picker: NoticePicker,
	choice: PushChoice,
	locale: Locale
): Promise<AnswerOutcome> {
	const request: AnswerRequest = { type: 'ANSWER', picker_id: picker.picker_id, ...choice };
	for (const client of windows) {
		const reply = await askWindow(client, request);
		if (reply.outcome !== 'unknown') return reply;
	}
	return answerItself(db, picker, choice, locale);
}

/** The notification that replaces the answered one: the outcome, quietly (no second alert). */
export function confirmation(
	reply: AnswerOutcome,
	choice: PushChoice,
	shown: Notification,
	locale: Locale
): { title: string; options: NotificationOptions } {
	const data = shown.data as NoticeData;
	const { label } = choice;
	const answered = reply.outcome === 'answered';
	const title = answered
		? m.notify_answered({ label }, { locale })
		: reply.outcome === 'queued'
			? m.notify_answer_queued({ label }, { locale })
			: m.notify_answer_failed(
					{ error: reply.outcome === 'failed' ? reply.error : '' },
					{ locale }
				);
	const body = answered
		? shown.body
		: reply.outcome === 'queued'
			? m.notify_answer_queued_body({}, { locale })
			: m.notify_answer_open({}, { locale });
	const options: NotificationOptions = {
		body,
		tag: shown.tag,
		icon: '/icons/icon-192.png',
		badge: '/icons/maskable-192.png',
		silent: true,
		data: { path: data.path, chat_id: data.chat_id, unread: 0 } satisfies NoticeData
	};
	return { title, options };
}
