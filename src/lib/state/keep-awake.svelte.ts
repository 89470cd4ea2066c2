/**
 * Keep the screen on while the agent works (Settings › "Keep the screen on while Hermes works",
 * on by default): the page holds the screen's wake lock while a turn runs in any channel and the
 * app is visible, and lets go when the turn ends, on Stop and when the app is hidden. A device
 * preference in `localStorage` (`KEEP_AWAKE_KEY`: `"off"` when turned off); without storage
 * the choice lasts for the page.
 */
import { ScreenWakeLock } from '../platform/wake-lock';

/** The `localStorage` key of the choice. */
export const KEEP_AWAKE_KEY = 'iris.keep-awake';

function read(): string | null {
	try {
		return globalThis.localStorage?.getItem(KEEP_AWAKE_KEY) ?? null;
	} catch {
		return null; // Storage blocked: the default.
	}
}

export class KeepAwake {
	/** Whether the screen stays on while the agent works. */
	on = $state(read() !== 'off');
	#lock: ScreenWakeLock | undefined;
	#busy = false;
	/** Stop was pressed in the turn running now: no lock until no turn runs. */
	#stopped = false;

	/** Turn the preference on or off; remembered on this device. */
	set(on: boolean): void {
		this.on = on;
		try {
			globalThis.localStorage?.setItem(KEEP_AWAKE_KEY, on ? 'on' : 'off');
		} catch {
			// Storage full or blocked: the choice lasts for this page.
		}
		this.#apply();
	}

	/** Whether a turn runs now (any channel). */
	follow(busy: boolean): void {
		this.#busy = busy;
		if (!busy) this.#stopped = false;
		this.#apply();
	}

	/** The reader pressed Stop: let the screen dim now, not only once the turn has ended. */
	release(): void {
		this.#stopped = true;
		this.#apply();
	}

	#apply(): void {
		const wanted = this.on && this.#busy && !this.#stopped;
		if (!wanted && !this.#lock) return;
		this.#lock ??= new ScreenWakeLock();
		this.#lock.wanted = wanted;
	}
}

/** The page's one instance. */
export const keepAwake = new KeepAwake();
