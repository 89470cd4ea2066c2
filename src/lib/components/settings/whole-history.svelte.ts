/**
 * Settings › Your history's export of the whole history (doc/storage.md "Your history"): a device
 * stores what it was shown, so when the gateway can be reached the chosen channels' older
 * `history` pages are fetched first (waiting for a link still being opened), then the zip is
 * made from the store. The export code loads here, on first use.
 */
import { app } from '$lib/state/app.svelte';
import type { ExportOptions, ExportResult } from '$lib/db/history/export';
import { connectionDecided } from './connection-decided.svelte';

/** What `exportWholeHistory` made. */
export interface WholeExport {
	out: ExportResult;
	/** The gateway's older history is in it; false: only what this device stores (offline, or a
	 * request failed). */
	complete: boolean;
}

/** What the export is doing, to say so. */
export interface WholeExportProgress {
	/** Messages fetched from the gateway so far (0 also while waiting for the link). */
	fetching: (count: number) => void;
	/** Writing the zip. */
	exporting: () => void;
}

/**
 * Export `options.chat_id` (with its threads) or everything, the gateway's older pages fetched
 * first. Rejects with the store's or the zip's error; a failed `history` request only makes it
 * incomplete.
 */
export async function exportWholeHistory(
	options: Omit<ExportOptions, 'now'>,
	progress: WholeExportProgress
): Promise<WholeExport> {
	const [{ exportHistory, chosenChannels }, { fetchOlderHistory }] = await Promise.all([
		import('$lib/db/history/export'),
		import('$lib/db/history/complete')
	]);
	let complete = false;
	if (app.status.state === 'connecting') {
		progress.fetching(0);
		await connectionDecided(() => app.status.state);
	}
	if (app.status.state === 'connected') {
		progress.fetching(0);
		const chosen = await chosenChannels(app.store.db, options.chat_id);
		({ complete } = await fetchOlderHistory(
			app.store.db,
			(input) => app.commands.loadHistory(input),
			chosen.map((c) => c.chat_id),
			progress.fetching
		));
	}
	progress.exporting();
	const out = await exportHistory(app.store.db, { ...options, now: Date.now() });
	return { out, complete };
}
