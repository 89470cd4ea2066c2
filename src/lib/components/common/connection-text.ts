/** What the connection state is called on screen (doc/ui-contract.md, "connection state"). */
import type { ConnectionStatus } from '$lib/bridge/contract';
import { m } from '$lib/i18n';

/** The status text; starts with the words the UI contract names (Connected, Offline, …). */
export function connectionText(status: ConnectionStatus): string {
	switch (status.state) {
		case 'connected':
			return m.status_connected();
		case 'connecting':
			return m.status_connecting();
		case 'reconnecting':
			return m.status_reconnecting();
		case 'auth_failed':
			return m.status_token_rejected();
		case 'offline':
			return status.error ? m.status_offline_because({ error: status.error }) : m.status_offline();
		case 'unpaired':
			return m.status_unpaired();
	}
}
