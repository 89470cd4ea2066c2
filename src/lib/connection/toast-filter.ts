/**
 * Which `notification` frames become toasts: only news from elsewhere (other devices, the agent,
 * the gateway). Dropped: the echo of this device's own `channel.create` / `channel.rename` (the
 * gateway tells every device, the requester too), and notifications replayed by a reconnect's
 * `sync` (old news: the reader saw them before a reload, or the change is in the sidebar now).
 */
import type { InAppNotification } from '../bridge/features';

/** How many own changes are remembered while their echo is awaited. */
const MAX_OWN = 32;

/** The notification kind that echoes each own change. */
type OwnKind = 'channel_created' | 'channel_renamed';

export class ToastFilter {
	/** `kind chat_id` of own changes whose echo has not come yet, oldest first. */
	readonly #own: string[] = [];
	readonly #catchingUp: () => boolean;

	/** @param catchingUp whether a `sync` catch-up is replaying frames right now. */
	constructor(catchingUp: () => boolean) {
		this.#catchingUp = catchingUp;
	}

	/**
	 * The answer to this device's own request arrived: `channel.created` or `channel.renamed`
	 * (with its request `id`) for `chat_id`.
	 */
	ownChange(type: 'channel.created' | 'channel.renamed', chat_id: string): void {
		const kind: OwnKind = type === 'channel.created' ? 'channel_created' : 'channel_renamed';
		this.#own.push(`${kind} ${chat_id}`);
		if (this.#own.length > MAX_OWN) this.#own.shift();
	}

	/** Whether `notification` is shown as a toast (an own change's echo is consumed). */
	shows(notification: InAppNotification): boolean {
		const own = this.#own.indexOf(`${notification.kind} ${notification.chat_id}`);
		if (own >= 0) {
			this.#own.splice(own, 1);
			return false;
		}
		return !this.#catchingUp();
	}

	/** Whether a `sync` catch-up is replaying frames right now. */
	get catchingUp(): boolean {
		return this.#catchingUp();
	}
}
