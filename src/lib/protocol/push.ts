/**
 * Push payloads (doc/protocol.md "Push"): the shape the reference gateway sends through Web Push,
 * built from the frames that need the user, and the parser the service worker uses for both that
 * shape and ntfy's Web Push message events. Pure: shared by the gateway and the service worker.
 */
import type { ServerFrame } from './iris/frames';

/**
 * How this device asked to be reached (doc/protocol.md "Push"), as the app stores it and tells the
 * gateway: `fcm` = Web Push with the gateway's VAPID key, the subscription's JSON as `fcm_token`;
 * `ntfy` = subscribed through an ntfy server for `ntfy_topic` (`ntfy_server` is for the app only).
 */
export type PushRegistration =
	{ via: 'fcm'; fcm_token: string } | { via: 'ntfy'; ntfy_topic: string; ntfy_server: string };

/** What `hello` / `fcm.register` carry for `reg` (an empty object when push is off). */
export function pushFields(reg: PushRegistration | undefined): {
	fcm_token?: string;
	ntfy_topic?: string;
} {
	if (!reg) return {};
	return reg.via === 'fcm' ? { fcm_token: reg.fcm_token } : { ntfy_topic: reg.ntfy_topic };
}

/** Why the user is being notified. `read`: another device read the chat (close its notice). */
export type PushKind = 'message' | 'approval' | 'clarify' | 'notification' | 'read';

/**
 * What the reference gateway sends as a Web Push message body (JSON). An extension: the spec
 * leaves the payload to the gateway. `ts` in epoch ms.
 */
export interface GatewayPush {
	v: 1;
	type: 'push';
	kind: PushKind;
	chat_id: string;
	title?: string;
	body?: string;
	message_id?: string;
	ts?: number;
	/** `approval` / `clarify`: the picker the notification can answer (`picker.select`). */
	picker_id?: string;
	/** `clarify`: its first choices, which the notification offers as actions. */
	choices?: PushChoice[];
}

/** One answer a notification offers: the `picker.select` value and what the button says. */
export interface PushChoice {
	value: string;
	label: string;
}

/** How many clarify choices a push carries (platforms show two or three actions). */
export const PUSH_CHOICES_MAX = 3;

/** A notification to show (or, for `read`, to close), whatever the payload's origin. */
export interface PushNotice {
	kind: PushKind;
	/** The chat it belongs to; undefined when an ntfy message names none. */
	chat_id?: string;
	/** Notification tag: one notification per chat (`chat:<chat_id>`), or per ntfy topic. */
	tag: string;
	title?: string;
	body: string;
	/** Same-origin path the click opens, e.g. `/chat/default`. */
	path: string;
	message_id?: string;
	/** A picker the notification's actions answer (gateway pushes only). */
	picker_id?: string;
	choices?: PushChoice[];
}

/**
 * `notice` without anything a person or the agent wrote (previews off, Settings › Notifications):
 * no body, no title of the push's own (the kind's default is shown), no choices (their labels are
 * the agent's words). What it is about, the chat and the picker stay.
 */
export function withoutText(notice: PushNotice): PushNotice {
	const bare: PushNotice = { ...notice, body: '' };
	delete bare.title;
	delete bare.choices;
	return bare;
}

/** What a shown notification carries in `data` (read back on click and on the next push). */
export interface NoticeData {
	/** Same-origin path to open on click. */
	path: string;
	chat_id?: string;
	/** Unread messages this notification stands for. */
	unread: number;
	/** When it was shown (epoch ms): pushes closer together are one burst. */
	shown_at?: number;
	/** The picker its actions answer, and the choices they stand for (in action order). */
	picker?: NoticePicker;
}

/** A picker a notification can answer (service-worker/notice-answer.ts). */
export interface NoticePicker {
	picker_id: string;
	chat_id: string;
	choices: PushChoice[];
}

/** How many unread messages shown notifications stand for (their `data.unread`, summed). */
export function unreadOf(notifications: readonly { data: unknown }[]): number {
	return notifications.reduce(
		(n, s) => n + ((s.data as Partial<NoticeData> | null)?.unread ?? 0),
		0
	);
}

/** Longest body put in a push message; the service worker shows a few lines anyway. */
const BODY_MAX = 200;

function clip(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > BODY_MAX ? `${flat.slice(0, BODY_MAX - 1)}…` : flat;
}

/** `/chat/<chat_id>`: the app route of a chat. */
export function chatPath(chat_id: string): string {
	return `/chat/${encodeURIComponent(chat_id)}`;
}

/** The notification tag of a chat: repeats for the same chat replace each other. */
export function chatTag(chat_id: string): string {
	return `chat:${chat_id}`;
}

/**
 * The push the gateway sends for `frame`, or null when the frame needs nobody: a finished turn
 * (`message.stop`), an approval or a question (`picker.approval`, `picker.clarify`), a
 * `notification`, or a `read.receipt` (so other devices close what they show). A picker broadcast
 * again with its `answer` (doc/protocol.md "Turn anatomy, control and pickers") needs nobody any
 * more.
 */
export function pushForFrame(frame: ServerFrame, defaultChatId: string): GatewayPush | null {
	const base = { v: 1 as const, type: 'push' as const, chat_id: frame.chat_id ?? defaultChatId };
	switch (frame.type) {
		case 'message.stop': {
			const { message_id, final_text } = frame.payload;
			return { ...base, kind: 'message', message_id, body: clip(final_text ?? '') };
		}
		case 'picker.approval':
			if (frame.payload.answer !== undefined) return null;
			return {
				...base,
				kind: 'approval',
				title: 'Approval needed',
				body: clip(frame.payload.description ?? frame.payload.command ?? ''),
				picker_id: frame.payload.picker_id
			};
		case 'picker.clarify':
			if (frame.payload.answer !== undefined) return null;
			return {
				...base,
				kind: 'clarify',
				title: 'The agent has a question',
				body: clip(frame.payload.question ?? ''),
				picker_id: frame.payload.picker_id,
				...optional(pushChoices(frame.payload.choices))
			};
		case 'notification': {
			const { kind, title, body } = frame.payload;
			const named = kind === 'approval' || kind === 'clarify' ? kind : 'notification';
			const push: GatewayPush = { ...base, kind: named, body: clip(body ?? '') };
			if (title !== undefined) push.title = title;
			return push;
		}
		case 'read.receipt':
			return {
				...base,
				chat_id: frame.payload.chat_id,
				kind: 'read',
				message_id: frame.payload.message_id
			};
		default:
			return null;
	}
}

function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** `{choices}` when there are any (a free-text question offers none). */
const optional = (choices: PushChoice[]) => (choices.length > 0 ? { choices } : {});

/**
 * The first `PUSH_CHOICES_MAX` choices that have a string `value` (and a `label`, else the value
 * is shown), from a clarify's choices or a push body; anything else is skipped.
 */
export function pushChoices(choices: unknown): PushChoice[] {
	if (!Array.isArray(choices)) return [];
	return choices
		.filter(isRecord)
		.flatMap((c) => {
			const value = str(c.value);
			return value ? [{ value: value.slice(0, 200), label: clip(str(c.label) ?? value) }] : [];
		})
		.slice(0, PUSH_CHOICES_MAX);
}

const KINDS: readonly PushKind[] = ['message', 'approval', 'clarify', 'notification', 'read'];

function fromGateway(data: Record<string, unknown>): PushNotice | null {
	const chat_id = str(data.chat_id);
	const kind = KINDS.find((k) => k === data.kind);
	if (chat_id === undefined || kind === undefined) return null;
	const notice: PushNotice = {
		kind,
		chat_id,
		tag: chatTag(chat_id),
		body: str(data.body) ?? '',
		path: chatPath(chat_id)
	};
	const title = str(data.title);
	if (title !== undefined) notice.title = title;
	const message_id = str(data.message_id);
	if (message_id !== undefined) notice.message_id = message_id;
	const picker_id = str(data.picker_id);
	if (picker_id && (kind === 'approval' || kind === 'clarify')) {
		notice.picker_id = picker_id;
		const choices = pushChoices(data.choices);
		if (choices.length > 0) notice.choices = choices;
	}
	return notice;
}

/** The chat an ntfy message is about: its `click` URL `…/chat/<id>` on this origin. */
function chatFromClick(click: string | undefined, origin: string): string | undefined {
	if (click === undefined) return undefined;
	try {
		const url = new URL(click, origin);
		const m = url.origin === origin ? /^\/chat\/([^/]+)$/.exec(url.pathname) : null;
		return m?.[1] === undefined ? undefined : decodeURIComponent(m[1]);
	} catch {
		return undefined;
	}
}

/**
 * ntfy's Web Push body is `{event: "message", subscription_id, message: {id, time, topic,
 * title?, message, click?, tags?}}`; other events (`subscription_expiring`) show nothing. Tags
 * `approval` / `clarify` say what kind of notice it is.
 */
function fromNtfy(data: Record<string, unknown>, origin: string): PushNotice | null {
	if (data.event !== 'message' || !isRecord(data.message)) return null;
	const m = data.message;
	const topic = str(m.topic) ?? '';
	const tags = Array.isArray(m.tags) ? m.tags.filter((t) => typeof t === 'string') : [];
	const chat_id = chatFromClick(str(m.click), origin);
	const kind: PushKind = tags.includes('approval')
		? 'approval'
		: tags.includes('clarify')
			? 'clarify'
			: 'message';
	const notice: PushNotice = {
		kind,
		tag: chat_id !== undefined ? chatTag(chat_id) : `ntfy:${topic}`,
		body: clip(str(m.message) ?? ''),
		path: chat_id !== undefined ? chatPath(chat_id) : '/'
	};
	if (chat_id !== undefined) notice.chat_id = chat_id;
	const title = str(m.title);
	if (title !== undefined) notice.title = title;
	const id = str(m.id);
	if (id !== undefined) notice.message_id = id;
	return notice;
}

/**
 * Parse a push message body (already JSON-decoded) of either shape into a notice; null for
 * anything else (shown as nothing, never thrown). `origin` is the app's origin, to read ntfy
 * `click` URLs.
 */
export function parsePush(data: unknown, origin: string): PushNotice | null {
	if (!isRecord(data)) return null;
	if (data.type === 'push') return fromGateway(data);
	if ('event' in data) return fromNtfy(data, origin);
	return null;
}
