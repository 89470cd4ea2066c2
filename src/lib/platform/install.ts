/**
 * Installing the app: Chromium's `beforeinstallprompt` gives an event the page
 * can replay from a button; iOS Safari has no such event, so the page explains "Add to Home
 * Screen" instead.
 */
import { mediaMatches } from './media-query';

/** Chromium's `BeforeInstallPromptEvent` (not in TypeScript's DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
	prompt(): Promise<void>;
	readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** Whether the app already runs installed (standalone window or iOS home-screen app). */
export function isStandalone(): boolean {
	const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
	return iosStandalone || mediaMatches('(display-mode: standalone)');
}

/**
 * Whether this is iOS/iPadOS Safari (including iPadOS, which reports itself as a Mac with touch),
 * where installing goes through Share → Add to Home Screen.
 */
export function isIosSafari(
	ua = navigator.userAgent,
	touchPoints = navigator.maxTouchPoints
): boolean {
	const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
	// Other iOS browsers (CriOS, FxiOS, EdgiOS) cannot add web apps to the home screen.
	return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/**
 * Call `onOffer(prompt)` whenever the browser offers installation, and `onInstalled()` once it is
 * installed. `prompt()` shows the browser's dialog (must run in a user's tap) and resolves true
 * when accepted. Returns a function that stops listening.
 */
export function watchInstallOffer(
	onOffer: (prompt: (() => Promise<boolean>) | null) => void,
	onInstalled: () => void
): () => void {
	const offer = (event: Event) => {
		// Keep the browser's mini-infobar from showing: our Install button replaces it.
		event.preventDefault();
		const e = event as BeforeInstallPromptEvent;
		onOffer(async () => {
			await e.prompt();
			const { outcome } = await e.userChoice;
			// A prompt can be used once; the browser fires the event again if it offers anew.
			onOffer(null);
			return outcome === 'accepted';
		});
	};
	const installed = () => {
		onOffer(null);
		onInstalled();
	};
	addEventListener('beforeinstallprompt', offer);
	addEventListener('appinstalled', installed);
	return () => {
		removeEventListener('beforeinstallprompt', offer);
		removeEventListener('appinstalled', installed);
	};
}
