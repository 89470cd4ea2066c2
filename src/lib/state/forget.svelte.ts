/**
 * Leaving the paired gateway from Settings → Connection: "Pair again" (the pairing form, starting
 * from the same URL; the store and its token stay until a pairing replaces them) and "Forget this
 * device" (push unregistered, the link closed, the token gone from every place it was kept, and
 * on request the store's messages and files erased).
 */
import { gatewayIdentity } from '../db/gateways';
import { eraseStore } from '../db/erase';
import type { AppState } from './app.svelte';
import { PageDirectory } from './gateway-directory';

/** How long forgetting waits for the gateway to hear that push is off, ms. */
const LEAVE_WAIT_MS = 5000;

/** What the pairing form starts from when it shows again ('' : empty). */
export const pairingForm = $state({ url: '' });

/** Show the pairing form again, prefilled with the current gateway's URL. */
export async function pairAgain(app: AppState): Promise<void> {
	pairingForm.url = app.config?.url ?? '';
	await app.unpair();
}

/**
 * Forget the paired gateway on this device: tell it to stop pushing here, disconnect, drop the
 * token (the store's `meta.gateway` and the directory's row), and with `erase` empty its store.
 * The pairing form shows afterwards; after an erase the page reloads, so nothing read from the
 * erased store (the worker's search index, open views) survives in memory.
 */
export async function forgetDevice(app: AppState, erase: boolean): Promise<void> {
	const config = app.config;
	if (!config) return;
	const note = (line: string) => console.warn(`[forget] ${line}`);
	// Push first, while the link is up: afterwards the gateway would keep pushing to this browser.
	const late = new Promise<void>((resolve) => setTimeout(resolve, LEAVE_WAIT_MS));
	await Promise.race([app.commands.leave(), late]).catch((e: unknown) => note(`leave: ${e}`));
	pairingForm.url = '';
	await app.unpair();
	await new PageDirectory(note).forget(gatewayIdentity($state.snapshot(config)), erase);
	if (!erase) return;
	await eraseStore(app.store.db);
	location.replace('/');
}
