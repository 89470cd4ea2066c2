/**
 * Waiting for a connection being opened to be decided, for an action that does better with the
 * gateway than without it (an export fetches the older history first): just after the page
 * loads the link is still `connecting`, and acting at once would act as if offline.
 */
import type { ConnectionState } from '$lib/bridge/contract';

/** The longest wait (ms): a gateway that answers nothing in this time is treated as away. */
export const CONNECT_WAIT_MS = 10_000;

/**
 * Resolves once `state()` (reactive) is no longer `connecting`, or after `ms` (milliseconds).
 * Never rejects.
 */
export function connectionDecided(
	state: () => ConnectionState,
	ms = CONNECT_WAIT_MS
): Promise<void> {
	return new Promise((resolve) => {
		let done = false;
		const finish = () => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			// Not from inside the effect's own run: the root is ended after it.
			queueMicrotask(() => stop());
			resolve();
		};
		const timer = setTimeout(finish, ms);
		const stop = $effect.root(() => {
			$effect(() => {
				if (state() !== 'connecting') finish();
			});
		});
	});
}
