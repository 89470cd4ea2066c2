/**
 * The screen's wake lock (Screen Wake Lock API): held while wanted and the page is visible. The
 * browser lets go of it when the page is hidden; it is asked for again when the page shows and
 * it is still wanted. A refusal (battery saver, a policy, no support) is quiet: the screen then
 * dims as it always does.
 */

/** The parts of `navigator` and `document` used here (injectable for tests). */
export interface WakeLockHost {
	wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> };
	visible(): boolean;
	onVisibilityChange(listener: () => void): void;
}

function browserHost(): WakeLockHost {
	return {
		wakeLock: typeof navigator === 'object' ? navigator.wakeLock : undefined,
		visible: () => document.visibilityState === 'visible',
		onVisibilityChange: (listener) => document.addEventListener('visibilitychange', listener)
	};
}

export class ScreenWakeLock {
	#wanted = false;
	#sentinel: WakeLockSentinel | undefined;
	#requesting = false;
	readonly #host: WakeLockHost;

	constructor(host: WakeLockHost = browserHost()) {
		this.#host = host;
		host.onVisibilityChange(() => this.#sync());
	}

	/** Whether the lock is held now. */
	get held(): boolean {
		return this.#sentinel !== undefined;
	}

	/** Hold the lock (while the page is visible) or let it go. */
	set wanted(wanted: boolean) {
		this.#wanted = wanted;
		this.#sync();
	}

	#sync(): void {
		const hold = this.#wanted && this.#host.visible() && this.#host.wakeLock !== undefined;
		if (hold && !this.#sentinel && !this.#requesting) {
			this.#requesting = true;
			this.#host.wakeLock!.request('screen').then(
				(sentinel) => {
					this.#requesting = false;
					this.#sentinel = sentinel;
					// The browser releases it on its own when the page is hidden.
					sentinel.addEventListener('release', () => {
						if (this.#sentinel === sentinel) this.#sentinel = undefined;
					});
					this.#sync(); // Unwanted, or hidden, while it was being asked for.
				},
				() => {
					this.#requesting = false;
				}
			);
		} else if (!hold && this.#sentinel) {
			const sentinel = this.#sentinel;
			this.#sentinel = undefined;
			sentinel.release().catch(() => undefined);
		}
	}
}
