/**
 * Streamed text carried across a reload, or a tab the browser discards. The worker writes an
 * answer's text to the store every 8 s only (connection/stream.ts), and a write begun by a page
 * or worker that is going away may never land; so when the page is hidden or closed, the texts of
 * answers still streaming go to sessionStorage at once (synchronous; the tab's own, kept across
 * its reload and a discard), and the next start hands them to the worker, which stores each
 * where the answer still streams and its stored text is not longer (db/apply.ts
 * `persistStreamText`). The page then shows what it showed before, until the gateway sends the
 * answer again. The record names its store and is removed when read.
 */
import type { WorkerApi } from '../bridge/contract';
import type { AsyncApi } from '../handle/types';
import type { LiveTexts } from './live-texts.svelte';
import type { Store } from './store.svelte';

/** sessionStorage key of the record. */
export const CARRIED_STREAMS_KEY = 'iris.carried-streams';

/** Texts longer than this in all (UTF-16 code units) are not carried: the store has most of it. */
const MAX_CHARS = 1_000_000;

interface CarriedStreams {
	v: 1;
	/** The store (IndexedDB database name) the answers are in. */
	store: string;
	/** Text by `message_id`. */
	texts: Record<string, string>;
}

/** What the carrier reads and calls. */
export interface StreamCarrier {
	/** The store the page shows now (its IndexedDB database name). */
	store(): string;
	/** The texts of answers streaming now, by `message_id`. */
	streaming(): Record<string, string>;
	/** Hand carried texts to the worker (undefined: no worker). */
	restore(texts: Record<string, string>): Promise<void> | undefined;
}

/** Store the streaming texts for the next start (nothing when none streams). */
export function carryNow(carrier: StreamCarrier): void {
	try {
		// An older record must not outlive a write that fails (the storage is full).
		sessionStorage.removeItem(CARRIED_STREAMS_KEY);
		const texts = carrier.streaming();
		const all = Object.values(texts);
		const chars = all.reduce((sum, text) => sum + text.length, 0);
		if (all.length === 0 || chars > MAX_CHARS) return;
		const record: CarriedStreams = { v: 1, store: carrier.store(), texts };
		sessionStorage.setItem(CARRIED_STREAMS_KEY, JSON.stringify(record));
	} catch (e) {
		console.warn('[state] could not keep the streaming texts', e);
	}
}

/** The record for `store`, removed as it is read; undefined when none (or not readable). */
export function takeCarried(store: string): Record<string, string> | undefined {
	try {
		const raw = sessionStorage.getItem(CARRIED_STREAMS_KEY);
		if (raw === null) return undefined;
		sessionStorage.removeItem(CARRIED_STREAMS_KEY);
		const record = JSON.parse(raw) as Partial<CarriedStreams>;
		const texts = record.texts;
		if (record.v !== 1 || record.store !== store || typeof texts !== 'object' || !texts) return;
		return Object.values(texts).every((text) => typeof text === 'string') ? texts : undefined;
	} catch (e) {
		console.warn('[state] could not read the carried streaming texts', e);
		return undefined;
	}
}

/**
 * Restore what the last page carried for `store`'s database, then carry the streaming texts of
 * `live` whenever the page is hidden or closed; `api`: the worker's, when there is one.
 */
export function carryStreams(
	live: LiveTexts,
	store: Store,
	api: () => Pick<AsyncApi<WorkerApi>, 'restoreStreams'> | undefined
): void {
	const carrier: StreamCarrier = {
		store: () => store.db.name,
		streaming: () => live.streaming(),
		restore: (texts) => api()?.restoreStreams(texts)
	};
	const texts = takeCarried(carrier.store());
	if (texts)
		carrier.restore(texts)?.catch((e: unknown) => console.warn('[state] restore failed', e));
	// A phone may discard a hidden tab without another event.
	const leave = () => carryNow(carrier);
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'hidden') leave();
	});
	addEventListener('pagehide', leave);
}
