/**
 * Whether the page's browser is online (`navigator.onLine` in the page, kept current by its
 * `online` / `offline` events). The connection worker keeps its own flag, which can lag behind
 * the page's or, under network emulation, never change; what the person is shown follows the
 * page's.
 */
import type { ConnectionStatus } from '$lib/bridge/contract';

class BrowserOnline {
	value = $state(typeof navigator === 'undefined' || navigator.onLine);

	constructor() {
		if (typeof addEventListener !== 'function') return;
		addEventListener('online', () => (this.value = true));
		addEventListener('offline', () => (this.value = false));
	}
}

/** The page's online flag (reactive). */
export const browserOnline = new BrowserOnline();

/**
 * The connection status to show: while the page knows the browser is offline, a link that is
 * still connecting or waiting to reconnect is shown as `offline` (it cannot succeed until the
 * browser is back online). Every other state is shown as it is.
 */
export function shownStatus(status: ConnectionStatus, online: boolean): ConnectionStatus {
	if (online) return status;
	return status.state === 'connecting' || status.state === 'reconnecting'
		? { state: 'offline' }
		: status;
}
