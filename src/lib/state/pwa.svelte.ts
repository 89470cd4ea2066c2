/**
 * The page's app-shell state: a waiting new version ("New version available" →
 * Reload), the browser's install offer, and whether to show iOS "Add to Home Screen" guidance.
 */
import type { ServiceWorkerHandle } from '../platform/service-worker';
import { isIosSafari, isStandalone, watchInstallOffer } from '../platform/install';

/** How often an open app asks the server for a new version, ms. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What Settings › About › Check for updates found: `checking` while asking; `current` (up to date),
 * `found` (a new version is on its way: `updateWaiting` follows), `offline` (not asked),
 * `failed` (the server could not be reached), `unsupported` (no service worker here).
 */
export type UpdateCheck =
	'idle' | 'checking' | 'current' | 'found' | 'offline' | 'failed' | 'unsupported';

export class PwaState {
	/** A new version is installed and waits for the user's Reload. */
	updateWaiting = $state(false);
	/** The browser offers installation (Install button shown). */
	canInstall = $state(false);
	/** iOS Safari, not installed: explain Share → Add to Home Screen. */
	showIosGuidance = $state(false);
	/** The user's last "Check for updates" and what it found. */
	updateCheck = $state<UpdateCheck>('idle');
	#sw: ServiceWorkerHandle | null = null;
	/** Settles once the registration is done (or failed): `start` was called and got there. */
	#registered: Promise<void> | null = null;
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
		this.#registered = this.#register();
		await this.#registered;
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

	/**
	 * The user pressed Check for updates: ask the server now; `updateCheck` says how it went. Does
	 * not ask when the browser is offline.
	 */
	async checkNow(): Promise<void> {
		if (!navigator.onLine) {
			this.updateCheck = 'offline';
			return;
		}
		this.updateCheck = 'checking';
		// A failed registration leaves `#sw` null (start logged it).
		await this.#registered?.catch(() => undefined);
		if (!this.#sw) {
			this.updateCheck = 'unsupported';
			return;
		}
		try {
			this.updateCheck = await this.#sw.checkNow();
		} catch (e) {
			console.warn('[pwa] update check failed', e);
			this.updateCheck = navigator.onLine ? 'failed' : 'offline';
		}
	}

	async #register(): Promise<void> {
		const { registerServiceWorker } = await import('../platform/service-worker');
		this.#sw = await registerServiceWorker({
			onUpdateWaiting: () => (this.updateWaiting = true),
			onAnswer: async (request) => (await import('./notice-answer')).answerFromNotice(request)
		});
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
