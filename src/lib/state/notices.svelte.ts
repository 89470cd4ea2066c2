/**
 * What the gateway tells the user outside the conversation: `notification` toasts (each links to
 * its chat), the gateway's `status` and the last unsolicited `error`, for the header and banners.
 */
import type { FeatureEvent, InAppNotification, ServerState } from '../bridge/features';

/** A toast on screen; `id` is local. */
export interface Toast extends InAppNotification {
	id: number;
}

/**
 * How long a toast stays, ms, counted while it is neither hovered nor focused (so it can be read
 * and reached with the keyboard); dismissable earlier.
 */
export const TOAST_MS = 8_000;
/** Toasts shown at once; older ones make room. */
const MAX_TOASTS = 4;

/** Whether a toast of `kind` asks the reader to act (answer in its chat): it stays until then. */
export function carriesAction(kind: InAppNotification['kind']): boolean {
	return kind === 'approval' || kind === 'clarify';
}

export class Notices {
	toasts = $state<Toast[]>([]);
	serverState = $state<ServerState>('online');
	serverError = $state<{ code?: string; message: string } | null>(null);
	/** The Inbox is on screen: a scheduled job's notice shows there, not also as a toast. */
	#inboxOpen = false;
	#next = 1;
	/** The auto-dismiss timer of each toast that has one and is not paused (never rendered). */
	// eslint-disable-next-line svelte/prefer-svelte-reactivity
	readonly #timers = new Map<number, ReturnType<typeof setTimeout>>();

	onEvent(event: FeatureEvent): void {
		switch (event.type) {
			case 'notification': {
				if (this.#inboxOpen && event.notification.kind === 'cron') return;
				const toast: Toast = { ...event.notification, id: this.#next++ };
				for (const old of this.toasts.slice(0, 1 - MAX_TOASTS)) this.#stopTimer(old.id);
				this.toasts = [...this.toasts.slice(1 - MAX_TOASTS), toast];
				this.resume(toast.id);
				return;
			}
			case 'server_status':
				this.serverState = event.state;
				return;
			case 'server_error': {
				const error: { code?: string; message: string } = { message: event.message };
				if (event.code !== undefined) error.code = event.code;
				this.serverError = error;
				return;
			}
		}
	}

	/**
	 * The Inbox opened (`true`) or closed: while it is open, a scheduled job's notice makes no
	 * toast, and the ones on screen when it opens go (it lists them).
	 */
	showInbox(open: boolean): void {
		this.#inboxOpen = open;
		if (open) for (const t of this.toasts) if (t.kind === 'cron') this.dismiss(t.id);
	}

	dismiss(id: number): void {
		this.#stopTimer(id);
		this.toasts = this.toasts.filter((t) => t.id !== id);
	}

	/** The reader hovers or focuses toast `id`: it stays while they read it. */
	pause(id: number): void {
		this.#stopTimer(id);
	}

	/** The reader left toast `id`: it goes `TOAST_MS` later, unless it carries an action. */
	resume(id: number): void {
		const toast = this.toasts.find((t) => t.id === id);
		if (!toast || carriesAction(toast.kind)) return;
		this.#stopTimer(id);
		this.#timers.set(
			id,
			setTimeout(() => this.dismiss(id), TOAST_MS)
		);
	}

	#stopTimer(id: number): void {
		clearTimeout(this.#timers.get(id));
		this.#timers.delete(id);
	}

	dismissError(): void {
		this.serverError = null;
	}
}
