/**
 * What the page tells the connection about itself: the network came back or the page is shown
 * again (retry a pending reconnect, or check the open link), the network went away (check the
 * open link: it may be dead without a close event), and the page hidden or closed mid-answer
 * (carry the streaming texts to the next start, state/stream-carry.ts).
 */
import type { WorkerApi } from '../bridge/contract';
import type { AsyncApi } from '../handle/types';
import type { LiveTexts } from './live-texts.svelte';
import type { Store } from './store.svelte';
import { carryStreams } from './stream-carry';

/** Watch the page for as long as it lives; `api`: the connection's, when there is one. */
export function watchPage(
	live: LiveTexts,
	store: Store,
	api: () => AsyncApi<WorkerApi> | undefined
): void {
	addEventListener('online', () => void api()?.wake());
	addEventListener('offline', () => void api()?.checkLink());
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible') void api()?.wake();
	});
	carryStreams(live, store, api);
}
