/**
 * The page's app-shell state: a waiting new version ("New version available" →
 * Reload), the browser's install offer, and whether to show iOS "Add to Home Screen" guidance.
 */
import type { ServiceWorkerHandle } from '../platform/service-worker';
import { isIosSafari, isStandalone, watchInstallOffer } from '../platform/install';

/** How often an open app asks the server for a new version, ms. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export class PwaState {
	/** A new version is installed and waits for the user's Reload. */
	updateWaiting = $state(false);
	/** The browser offers installation (Install button shown). */
	canInstall = $state(false);
	/** iOS Safari, not installed: explain Share → Add to Home Screen. */
	showIosGuidance = $state(false);
	#sw: ServiceWorkerHandle | null = null;
	#prompt: (() => Promise<boolean>) | null = null;
	#started = false;

	/** Register the service worker and listen for install offers. Idempotent. */
	async start(): Promise<void> {
		if (this.#started) return;
		this.#started = true;
		this.showIosGuidance = isIosSafari() && !isStandalone();
		watchInstallOffer(
			(prompt) => {
				this.#prompt = prompt;
				this.canInstall = prompt !== null;
			},
			() => (this.showIosGuidance = false)
		);
		// workbox-window is not needed for the first chat render (bench/README.md "B"): loaded after.
		const { registerServiceWorker } = await import('../platform/service-worker');
		this.#sw = await registerServiceWorker({
			onUpdateWaiting: () => (this.updateWaiting = true)
		});
		setInterval(() => void this.checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
		document.addEventListener('visibilitychange', () => {
			if (document.visibilityState === 'visible') void this.checkForUpdate();
		});
	}

	/**
	 * Ask the server for a new version. Called when the gateway comes back (a deploy usually
	 * restarts it), when the page becomes visible, and hourly.
	 */
	async checkForUpdate(): Promise<void> {
		await this.#sw?.checkForUpdate();
	}

	/** The user pressed Reload: switch to the waiting version and reload. */
	reload(): void {
		if (this.#sw) this.#sw.activateUpdate();
		else location.reload();
	}

	/** The user pressed Install: show the browser's dialog. */
	async install(): Promise<void> {
		await this.#prompt?.();
	}

	/** The user dismissed the iOS guidance. */
	dismissIosGuidance(): void {
		this.showIosGuidance = false;
	}
}

/** The one PWA state of this page. */
export const pwa = new PwaState();
