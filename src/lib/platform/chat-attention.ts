/**
 * Notifications of the chat being looked at: they close, and the app badge drops to what
 * the others stand for. Apart from push.ts so the chat screen's first render does not carry the
 * subscription code (bench/README.md "B").
 */
import { chatTag, unreadOf } from '../protocol/push';

/**
 * Close the notifications shown for a chat (the user is looking at it now) and set the app badge
 * to what the remaining ones stand for (`NoticeData.unread`).
 */
export async function closeChatNotifications(chat_id: string): Promise<void> {
	if (!('serviceWorker' in navigator)) return;
	const registration = await navigator.serviceWorker.getRegistration();
	if (!registration) return;
	const tag = chatTag(chat_id);
	const shown = await registration.getNotifications();
	for (const n of shown) if (n.tag === tag) n.close();
	const unread = unreadOf(shown.filter((n) => n.tag !== tag));
	if (!('setAppBadge' in navigator)) return;
	await (unread > 0 ? navigator.setAppBadge(unread) : navigator.clearAppBadge());
}

/**
 * Close `chat_id`'s notifications once the chat is painted and whenever this page is visible and focused again.
 * Returns the function that stops watching (an `$effect` cleanup).
 */
export function watchChatAttention(chat_id: string): () => void {
	const check = () => {
		if (document.visibilityState === 'visible' && document.hasFocus()) {
			closeChatNotifications(chat_id).catch((e: unknown) =>
				console.warn('[push] could not close notifications', e)
			);
		}
	};
	// After the chat's first frame is painted: opening a channel must not wait for the service
	// worker registration and notification reads (a few ms of the switch, bench/README.md).
	let timer: ReturnType<typeof setTimeout> | undefined;
	const frame = requestAnimationFrame(() => (timer = setTimeout(check, 0)));
	addEventListener('focus', check);
	document.addEventListener('visibilitychange', check);
	return () => {
		cancelAnimationFrame(frame);
		clearTimeout(timer);
		removeEventListener('focus', check);
		document.removeEventListener('visibilitychange', check);
	};
}
