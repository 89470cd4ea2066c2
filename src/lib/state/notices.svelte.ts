/**
 * What the gateway tells the user outside the conversation: `notification` toasts (each links to
 * its chat), the gateway's `status` and the last unsolicited `error`, for the header and banners.
 */
import type { FeatureEvent, InAppNotification, ServerState } from '../bridge/features';

/** A toast on screen; `id` is local. */
export interface Toast extends InAppNotification {
	id: number;
}

/** How long a toast stays, ms. Long enough to reach it with the keyboard; dismissable earlier. */
export const TOAST_MS = 15_000;
/** Toasts shown at once; older ones make room. */
const MAX_TOASTS = 4;

export class Notices {
	toasts = $state<Toast[]>([]);
	serverState = $state<ServerState>('online');
	serverError = $state<{ code?: string; message: string } | null>(null);
	#next = 1;

	onEvent(event: FeatureEvent): void {
		switch (event.type) {
			case 'notification': {
				const toast: Toast = { ...event.notification, id: this.#next++ };
				this.toasts = [...this.toasts.slice(1 - MAX_TOASTS), toast];
				setTimeout(() => this.dismiss(toast.id), TOAST_MS);
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

	dismiss(id: number): void {
		this.toasts = this.toasts.filter((t) => t.id !== id);
	}

	dismissError(): void {
		this.serverError = null;
	}
}
