/** How the page's `AppState` takes in each event of the connection (state/app.svelte.ts). */
import type {
	AgentActivity,
	ConnectionStatus,
	DiagnosticEntry,
	GatewayConfig,
	StorageFailure,
	TransferProgress,
	WorkerEvent
} from '../bridge/contract';
import type { IndexProgress } from '../bridge/search';
import type { LiveTexts } from './live-texts.svelte';
import type { Notices } from './notices.svelte';
import type { QueuedSends } from './queued.svelte';

/** How many diagnostics the page keeps. */
const DIAGNOSTICS_KEPT = 200;

/** The fields of `AppState` that events write. */
export interface EventState {
	/** The pairing the page knows (`null`: not paired; `undefined`: not read yet). */
	readonly config: GatewayConfig | null | undefined;
	status: ConnectionStatus;
	activity: Record<string, AgentActivity>;
	diagnostics: DiagnosticEntry[];
	transfers: Record<string, TransferProgress>;
	searchIndex: IndexProgress;
	readonly live: LiveTexts;
	readonly notices: Notices;
	readonly queued: QueuedSends;
}

/** Apply `event` to `state`; a `storage` failure goes to `onStorage` (the move to memory). */
export function applyEvent(
	state: EventState,
	event: WorkerEvent,
	onStorage: (failure: StorageFailure) => void
): void {
	switch (event.type) {
		case 'status':
			// A worker not configured yet says "unpaired"; the page read the pairing already.
			if (event.status.state === 'unpaired' && state.config) return;
			state.status = event.status;
			return;
		case 'stream':
		case 'reasoning':
			state.live.push(event.type, event.updates);
			return;
		case 'activity':
			state.activity[event.activity.chat_id] = event.activity;
			if (!event.activity.busy) state.queued.turnEnded(event.activity.chat_id);
			return;
		case 'transfer':
			state.transfers[event.transfer.media_id] = event.transfer;
			return;
		case 'search_index':
			state.searchIndex = event.progress;
			return;
		case 'diagnostic':
			state.diagnostics = [...state.diagnostics.slice(1 - DIAGNOSTICS_KEPT), event.entry];
			return;
		case 'storage':
			onStorage(event.failure);
			return;
		default:
			state.notices.onEvent(event);
	}
}
