/**
 * Settings › Your history's export of the whole history (doc/storage.md "Your history"): a device
 * stores what it was shown, so when the gateway can be reached the chosen channels' `history` is
 * fetched first, page by page (after waiting for a link still being opened), then the zip is made
 * from the store. The export code loads here, on first use.
 */
import { app } from '$lib/state/app.svelte';
import type { ExportOptions, ExportResult } from '$lib/db/history/export';
import { when } from './reactive-when.svelte';

/** The longest wait (ms) for a link being opened: a gateway silent this long counts as away. */
export const CONNECT_WAIT_MS = 15_000;

/** What `exportWholeHistory` made. */
export interface WholeExport {
	out: ExportResult;
	/**
	 * The gateway's history of every chosen channel is in it; false: only what this device stores
	 * for some (offline, the link went, the gateway refused a channel).
	 */
	complete: boolean;
}

/** What the export is doing, to say so. */
export interface WholeExportProgress {
	/** Waiting for the link to the gateway to open. */
	connecting: () => void;
	/** Messages fetched from the gateway so far. */
	fetching: (count: number) => void;
	/** Writing the zip. */
	exporting: () => void;
}

/**
 * Export `options.chat_id` (with its threads) or everything, the gateway's history fetched first.
 * Rejects with the store's or the zip's error; a failed `history` request only makes it
 * incomplete.
 */
export async function exportWholeHistory(
	options: Omit<ExportOptions, 'now'>,
	progress: WholeExportProgress
): Promise<WholeExport> {
	const [{ exportHistory, chosenChannels }, { fetchWholeHistory }] = await Promise.all([
		import('$lib/db/history/export'),
		import('$lib/db/history/complete')
	]);
	// One store throughout: a gateway switch or a move to memory meanwhile must not mix two.
	const db = app.store.db;
	const opening = () => app.status.state === 'connecting' || app.status.state === 'reconnecting';
	if (opening() && navigator.onLine) {
		progress.connecting();
		const opened = when(() => !opening(), CONNECT_WAIT_MS);
		await opened.promise;
	}
	let complete = false;
	if (app.status.state === 'connected' && app.store.db === db) {
		progress.fetching(0);
		// A request in flight when the link or the store goes is never answered: stop waiting.
		const lost = when(() => app.status.state !== 'connected' || app.store.db !== db);
		const gone = lost.promise.then(() => {
			throw new Error('the connection to the gateway ended');
		});
		gone.catch(() => {});
		// Channels this device imported that the gateway never had are whole as stored.
		const chosen = (await chosenChannels(db, options.chat_id)).filter((c) => c.origin !== 'import');
		try {
			({ complete } = await fetchWholeHistory(
				(input) => Promise.race([app.commands.loadHistory(input), gone]),
				chosen.map((c) => c.chat_id),
				{ onpage: progress.fetching, stopped: () => lost.done }
			));
		} finally {
			lost.stop();
		}
	}
	progress.exporting();
	const out = await exportHistory(db, { ...options, now: Date.now() });
	return { out, complete };
}
