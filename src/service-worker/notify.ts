/**
 * The service worker's push handling (doc/protocol.md "Push"): one notification per chat,
 * tagged by chat and re-alerting (`renotify`) for a new one — once per burst of pushes, so a
 * queue delivered after an offline period alerts once per chat — none while that chat is visible
 * and focused, a digest ("5 new messages in Ops") once messages pile up, closed when the chat is
 * read elsewhere; the app badge shows how many unread messages the shown notifications stand for.
 */
import {
	parsePush,
	unreadOf,
	withoutText,
	type NoticeData,
	type PushNotice
} from '../lib/protocol/push';
import type { IrisDB } from '../lib/db/schema';
import { whereReplyPath, type ServiceWorkerToPage } from '../lib/protocol/sw-messages';
import { visibleName } from '../lib/protocol/visible-text';
import { getMeta } from '../lib/db/meta';
import { m } from '../lib/i18n';
import { isLocale, useCatalogue, type Locale } from '../lib/i18n/catalogues';
import * as zhCN from '../lib/i18n/paraglide/messages/zh-CN.js';
import { chosen, confirmation, maxActions, pickerActions, sendAnswer } from './notice-answer';

const DEFAULT_TITLES: Record<
	PushNotice['kind'],
	(inputs: object, o: { locale: Locale }) => string
> = {
	message: m.notify_message,
	approval: m.notify_approval,
	clarify: m.notify_clarify,
	notification: m.notify_generic,
	read: () => ''
};

// The service worker cannot load a catalogue on demand: every language is in its bundle.
useCatalogue('zh-CN', zhCN);

/** The language the page shows (stored in `meta` by the page); English when unknown. */
export async function pageLocale(db: IrisDB | undefined): Promise<Locale> {
	try {
		const value = db ? await getMeta(db, 'locale') : undefined;
		return isLocale(value) ? value : 'en';
	} catch {
		return 'en';
	}
}

/** Whether the user turned message text in notifications on (meta `notify_previews`). */
async function previewsOn(db: IrisDB | undefined): Promise<boolean> {
	try {
		return (db ? await getMeta(db, 'notify_previews') : undefined) === true;
	} catch {
		return false;
	}
}

/**
 * The notification's title: the one the push gave (its kind's default in the page's language when
 * it is only the English default, as the gateway sends for approvals and questions); else the
 * kind's default, `in <channel>` when the channel is known.
 */
function noticeTitle(notice: PushNotice, name: string | undefined, locale: Locale): string {
	const fallback = DEFAULT_TITLES[notice.kind];
	const title = fallback({}, { locale });
	if (notice.title) return notice.title === fallback({}, { locale: 'en' }) ? title : notice.title;
	return name ? m.notify_in_channel({ title, name }, { locale }) : title;
}

/**
 * Pushes for one chat closer together than this are one burst — typically a push service handing
 * over what it queued while the device was offline — ms. Within a burst the chat's notification
 * is updated quietly (its unread count grows) instead of alerting again; an approval or a
 * question always alerts.
 */
const BURST_MS = 30_000;

/** How long a window has to say where it is before its `url` is taken instead, ms. */
const WHERE_TIMEOUT_MS = 1_000;

/** An app window and the path it shows; `told`: the window said so itself (not its stale `url`). */
export interface AppWindow {
	client: WindowClient;
	path: string;
	told: boolean;
}

/**
 * Where an app window is (asked over a MessageChannel, see protocol/sw-messages.ts), or
 * undefined for a window of another origin.
 */
async function whereIs(client: WindowClient, origin: string): Promise<AppWindow | undefined> {
	const url = new URL(client.url);
	if (url.origin !== origin) return undefined;
	const channel = new MessageChannel();
	const reply = new Promise<string | undefined>((resolve) => {
		setTimeout(() => resolve(undefined), WHERE_TIMEOUT_MS);
		channel.port1.onmessage = (event) => resolve(whereReplyPath(event.data));
	});
	const where: ServiceWorkerToPage = { type: 'WHERE' };
	client.postMessage(where, [channel.port2]);
	const path = await reply;
	channel.port1.close();
	return { client, path: path ?? url.pathname, told: path !== undefined };
}

/** The app windows with the path each shows. */
export async function appWindows(sw: ServiceWorkerGlobalScope): Promise<AppWindow[]> {
	const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
	const found = await Promise.all(windows.map((w) => whereIs(w, sw.location.origin)));
	return found.filter((w) => w !== undefined);
}

/**
 * Whether a window shows `path` and has the user's attention. Only a window that says so counts:
 * one too busy to answer in time may have moved on from the URL it loaded with, and a
 * notification shown twice is better than one lost.
 */
async function chatIsFocused(sw: ServiceWorkerGlobalScope, path: string): Promise<boolean> {
	const focused = (await appWindows(sw)).filter(
		(w) => w.told && w.client.focused && w.client.visibilityState === 'visible'
	);
	return focused.some((w) => w.path === path);
}

/** Set the app badge to the unread total of the shown notifications, where supported. */
export async function updateBadge(sw: ServiceWorkerGlobalScope): Promise<void> {
	const nav = sw.navigator as WorkerNavigator & {
		setAppBadge?: (n?: number) => Promise<void>;
		clearAppBadge?: () => Promise<void>;
	};
	if (!nav.setAppBadge || !nav.clearAppBadge) return;
	const shown = await sw.registration.getNotifications();
	const total = unreadOf(shown);
	await (total > 0 ? nav.setAppBadge(total) : nav.clearAppBadge());
}

/** The chat's name from the local store, for the title; undefined when unknown or unreadable. */
async function channelName(db: IrisDB | undefined, chat_id: string): Promise<string | undefined> {
	try {
		const name = (await db?.channels.get(chat_id))?.name;
		// Hidden characters shown, so a look-alike name cannot pass for another channel.
		return name === undefined ? undefined : visibleName(name);
	} catch {
		return undefined;
	}
}

/** Close the notifications tagged `tag` (the chat was read). */
export async function closeNotices(sw: ServiceWorkerGlobalScope, tag: string): Promise<void> {
	for (const shown of await sw.registration.getNotifications({ tag })) shown.close();
	await updateBadge(sw);
}

/**
 * Show (or close, for `read`) what `pushed` asks for, without its text unless previews are on. A
 * notice for a chat that is on screen and focused shows nothing: the user is already looking at it.
 */
export async function showNotice(
	sw: ServiceWorkerGlobalScope,
	pushed: PushNotice,
	db?: IrisDB
): Promise<void> {
	if (pushed.kind === 'read') {
		await closeNotices(sw, pushed.tag);
		return;
	}
	if (await chatIsFocused(sw, pushed.path)) return;
	// Previews off (the default): nothing that was written shows on the lock screen.
	const notice = (await previewsOn(db)) ? pushed : withoutText(pushed);
	const previous = await sw.registration.getNotifications({ tag: notice.tag });
	const unread = unreadOf(previous) + 1;
	const asks = notice.kind === 'approval' || notice.kind === 'clarify';
	const burst = previous.some(
		(shown) => Date.now() - ((shown.data as NoticeData | null)?.shown_at ?? 0) < BURST_MS
	);
	const name = notice.chat_id === undefined ? undefined : await channelName(db, notice.chat_id);
	const locale = await pageLocale(db);
	// Messages that piled up (a queue delivered after an offline period): one digest per chat.
	const digest = notice.kind === 'message' && notice.title === undefined && unread > 1;
	const title = !digest
		? noticeTitle(notice, name, locale)
		: name
			? m.notify_digest_in({ count: unread, name }, { locale })
			: m.notify_digest({ count: unread }, { locale });
	const data: NoticeData = { path: notice.path, unread, shown_at: Date.now() };
	if (notice.chat_id !== undefined) data.chat_id = notice.chat_id;
	const { actions, picker } = pickerActions(notice, locale, maxActions());
	if (picker) data.picker = picker;
	const count = m.notify_unread({ count: unread }, { locale });
	const body =
		unread > 1 && !digest ? (notice.body ? `${notice.body}\n${count}` : count) : notice.body;
	await sw.registration.showNotification(title, {
		body,
		tag: notice.tag,
		// A new message for the same chat replaces the old notice and alerts again, once per
		// burst; a question that waits for the user always does.
		renotify: asks || !burst,
		icon: '/icons/icon-192.png',
		badge: '/icons/maskable-192.png',
		requireInteraction: asks,
		actions,
		data
	} as NotificationOptions);
	await updateBadge(sw);
}

/** Decode a push message's body: JSON, or null when there is none or it is not JSON. */
function pushJson(event: PushEvent): unknown {
	try {
		return event.data?.json() ?? null;
	} catch {
		return null;
	}
}

/** Handle a `push` event: parse either payload shape and show the notice. */
export async function onPush(
	sw: ServiceWorkerGlobalScope,
	event: PushEvent,
	db?: IrisDB
): Promise<void> {
	const notice = parsePush(pushJson(event), sw.location.origin);
	if (!notice) {
		console.warn('[sw] push without a known payload shape: ignored');
		return;
	}
	await showNotice(sw, notice, db);
}

/**
 * Handle a `notificationclick`: an action answers the notification's picker (`notice-answer.ts`);
 * a click on the notification focuses a window already on that chat, else opens one at the
 * chat's URL (doc/protocol.md "Push"). `store` opens the active gateway's store.
 */
export async function onNotificationClick(
	sw: ServiceWorkerGlobalScope,
	event: NotificationEvent,
	store: () => Promise<IrisDB>
): Promise<void> {
	const shown = event.notification;
	const data = (shown.data as NoticeData | null) ?? { path: '/', unread: 0 };
	const choice = chosen(data, event.action);
	shown.close();
	const windows = await appWindows(sw);
	if (data.picker && choice) {
		// An action answered the picker: no window is opened or focused for it.
		const db = await store();
		const locale = await pageLocale(db);
		const clients = windows.map((w) => w.client);
		const reply = await sendAnswer(clients, db, data.picker, choice, locale);
		const { title, options } = confirmation(reply, choice, shown, locale);
		await sw.registration.showNotification(title, options);
		await updateBadge(sw);
		return;
	}
	const onChat = windows.find((w) => w.path === data.path);
	// Another window stays where the user left it: a chat without a window gets a new one.
	if (onChat) await onChat.client.focus();
	else await sw.clients.openWindow(data.path);
	await updateBadge(sw);
}
