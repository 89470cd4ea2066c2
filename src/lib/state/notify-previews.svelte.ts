/**
 * Message text in notifications (Settings › Notifications, off by default): when off, a
 * notification names the channel and what happened ("New message in Ops", "Approval needed in
 * Deploy") but shows nothing the agent or a person wrote, so the lock screen shows no text. A
 * device preference in `localStorage` (`NOTIFY_PREVIEWS_KEY`: `"on"` when turned on); the page
 * copies it into the store's meta `notify_previews`, where the service worker reads it.
 */

import { setMeta } from '../db/meta';
import type { IrisDB } from '../db/schema';

/** The `localStorage` key of the choice. */
export const NOTIFY_PREVIEWS_KEY = 'iris.notify-previews';

function read(): boolean {
	try {
		return globalThis.localStorage?.getItem(NOTIFY_PREVIEWS_KEY) === 'on';
	} catch {
		return false; // Storage blocked: the default.
	}
}

export class NotifyPreviews {
	/** Whether notifications show message text. */
	on = $state(read());

	constructor() {
		// Turned on or off in another tab: this one follows (and copies the same value).
		globalThis.addEventListener?.('storage', (event: StorageEvent) => {
			if (event.key === NOTIFY_PREVIEWS_KEY) this.on = read();
		});
	}

	/** Turn previews on or off; remembered on this device. */
	set(on: boolean): void {
		this.on = on;
		try {
			globalThis.localStorage?.setItem(NOTIFY_PREVIEWS_KEY, on ? 'on' : 'off');
		} catch {
			// Storage full or blocked: the choice lasts for this page.
		}
	}

	/**
	 * Copy the choice into `db`'s meta for the service worker (reads `on`: called in an effect,
	 * it runs again when the choice or the store changes). A failed write is logged.
	 */
	copyTo(db: IrisDB): void {
		setMeta(db, 'notify_previews', this.on).catch((e: unknown) =>
			console.error('[notify] could not store the previews choice', e)
		);
	}
}

/** The one preference of this page. */
export const notifyPreviews = new NotifyPreviews();
