/**
 * Registers the service worker with workbox-window and reports update states to the page
 * (doc/architecture.md "Service worker and PWA"). Never skips waiting by itself: `activateUpdate()`
 * is called from the user's Reload, and the page reloads once the new worker controls it, so HTML
 * and code always come from the same build.
 */
import { Workbox } from 'workbox-window';
import {
	isAnswer,
	isWhere,
	type AnswerReply,
	type AnswerRequest,
	type WhereReply
} from '../protocol/sw-messages';

/** Where the built worker is served (vite-plugin-pwa, `filename: 'service-worker.ts'`). */
export const SERVICE_WORKER_URL = '/service-worker.js';

export interface ServiceWorkerEvents {
	/** A new version is installed and waiting for this page's consent. */
	onUpdateWaiting(): void;
	/** A notification's action answered a picker: send it and say how it went. */
	onAnswer(request: AnswerRequest): Promise<AnswerReply>;
}

/** The page's handle on its service worker registration. */
export interface ServiceWorkerHandle {
	/** Ask the server whether a new version exists (no-op when offline). */
	checkForUpdate(): Promise<void>;
	/**
	 * Ask the server now and say what it found: `found` when a new version is installing or
	 * waiting (the `onUpdateWaiting` event follows, or came already), else `current`. Rejects when
	 * the server could not be asked (offline, or the server is down).
	 */
	checkNow(): Promise<'current' | 'found'>;
	/** Let the waiting version take over, then reload; just reload when none is waiting. */
	activateUpdate(): void;
}

/**
 * Register the service worker. Resolves to null where service workers are unavailable (e.g. an
 * insecure origin) — the app then works without offline start or push.
 */
export async function registerServiceWorker(
	events: ServiceWorkerEvents
): Promise<ServiceWorkerHandle | null> {
	if (!('serviceWorker' in navigator)) return null;
	// The worker asks where this window is before notifying, and has it send a notification's
	// answer (protocol/sw-messages.ts).
	navigator.serviceWorker.addEventListener('message', (event) => {
		const port = event.ports[0];
		if (isWhere(event.data)) {
			const reply: WhereReply = { path: location.pathname };
			port?.postMessage(reply);
		} else if (isAnswer(event.data)) {
			events.onAnswer(event.data).then(
				(reply) => port?.postMessage(reply),
				(e: unknown) => port?.postMessage({ outcome: 'failed', error: String(e) } as AnswerReply)
			);
		}
	});
	navigator.serviceWorker.startMessages();
	// `updateViaCache: 'none'`: the update check always asks the server for the worker script and
	// what it imports, never the HTTP cache (a stale cached worker would hide a new version).
	const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
	let waiting = false;
	wb.addEventListener('waiting', () => {
		waiting = true;
		events.onUpdateWaiting();
	});
	// Only a switch this page asked for reloads it; another tab's Reload leaves this one alone
	// (its old chunks stay reachable, see service-worker/precache.ts).
	let reloadOnSwitch = false;
	wb.addEventListener('controlling', () => {
		if (reloadOnSwitch) location.reload();
		// The new version is active now: Reload just has to load it.
		else waiting = false;
	});
	let registration: ServiceWorkerRegistration | undefined;
	try {
		registration = await wb.register();
	} catch (e) {
		console.error('[pwa] service worker registration failed', e);
		return null;
	}
	return {
		async checkForUpdate() {
			try {
				await wb.update();
			} catch (e) {
				console.warn('[pwa] update check failed', e);
			}
		},
		async checkNow() {
			await wb.update();
			// Without a controller an installing worker is this page's first version, not a new one.
			const fresh = registration?.waiting ?? registration?.installing;
			return waiting || (fresh && navigator.serviceWorker.controller) ? 'found' : 'current';
		},
		activateUpdate() {
			if (!waiting) {
				location.reload();
				return;
			}
			reloadOnSwitch = true;
			wb.messageSkipWaiting();
		}
	};
}
