/**
 * The page's view of the directory of gateways (db/gateways.ts, doc/storage.md "One store per
 * gateway"): which store to read, making a gateway active, and hearing another tab switch. When
 * the directory cannot be opened (IndexedDB unusable: the app moves to memory anyway) every
 * answer is "none", so the app goes on with the first store as before.
 */
import { Dexie } from 'dexie';
import {
	activateGateway,
	activeGateway,
	deactivateGateway,
	DIRECTORY_NAME,
	forgetGateway,
	openDirectory,
	type GatewayDirectory,
	type GatewayPairing,
	type GatewayRow
} from '../db/gateways';

/** How Dexie names the directory's tables and indexes in a `storagemutated` event's parts. */
const DIRECTORY_PARTS = `idb://${DIRECTORY_NAME}/`;
/** The part of a `storagemutated` event that means "every database, every key". */
const ALL_PARTS = 'all';

export class PageDirectory {
	#dir: Promise<GatewayDirectory | null> | null = null;
	readonly #report: (line: string) => void;

	/** `report`: where a directory failure is told (a diagnostic); the app goes on without it. */
	constructor(report: (line: string) => void) {
		this.#report = report;
	}

	/** The active gateway (its store and pairing), or null when unpaired or unknown. */
	async active(): Promise<GatewayRow | null> {
		return this.#use((dir) => activeGateway(dir), null);
	}

	/** Make `pairing` the active gateway; resolves with its row (null without a directory). */
	async activate(pairing: GatewayPairing): Promise<GatewayRow | null> {
		return this.#use((dir) => activateGateway(dir, pairing), null);
	}

	/** No gateway is active any more (unpaired). */
	async deactivate(): Promise<void> {
		await this.#use((dir) => deactivateGateway(dir), undefined);
	}

	/** Forget the gateway `id` (db/gateways.ts `forgetGateway`): no token kept, none active. */
	async forget(id: string, erase: boolean): Promise<void> {
		await this.#use((dir) => forgetGateway(dir, id, erase), undefined);
	}

	/**
	 * Call `onChange` whenever the directory changes, in this tab or another (Dexie's
	 * `storagemutated` hears other tabs' commits), and once when listening starts (a change
	 * before it is not missed). It only tells: the caller reads what it needs (`active`) when it
	 * acts, so a notice late in a queue never carries an old row. What `onChange` throws is
	 * reported. Returns the stop.
	 *
	 * Not a `liveQuery`: Dexie keeps, for each live query, every mutation it hears of that does
	 * not concern it until the query runs again, and the directory's query never runs again while
	 * a session writes messages to the gateway's store: it kept every message key of the session
	 * (bench/README.md "Long-session memory"). Here each commit's parts are looked at and let go.
	 */
	watch(onChange: () => void): () => void {
		let stopped = false;
		const notify = () => {
			if (stopped) return;
			try {
				onChange();
			} catch (e) {
				this.#report(`gateway directory: ${(e as Error).message}`);
			}
		};
		const onMutated = (parts: Record<string, unknown>) => {
			// `all`: anything may have changed (Dexie says so when the page is back from the
			// back/forward cache, where it heard no other tab's commits).
			if (ALL_PARTS in parts) return notify();
			for (const part in parts) if (part.startsWith(DIRECTORY_PARTS)) return notify();
		};
		void this.#open().then((opened) => {
			if (!opened || stopped) return;
			Dexie.on('storagemutated', onMutated);
			notify();
		});
		return () => {
			stopped = true;
			Dexie.on('storagemutated').unsubscribe(onMutated);
		};
	}

	#open(): Promise<GatewayDirectory | null> {
		this.#dir ??= openDirectory().catch((e: unknown) => {
			this.#report(`gateway directory unavailable: ${(e as Error).message}`);
			return null;
		});
		return this.#dir;
	}

	async #use<T>(run: (dir: GatewayDirectory) => Promise<T>, fallback: T): Promise<T> {
		const dir = typeof indexedDB === 'undefined' || !indexedDB ? null : await this.#open();
		if (!dir) return fallback;
		try {
			return await run(dir);
		} catch (e) {
			this.#report(`gateway directory: ${(e as Error).message}`);
			return fallback;
		}
	}
}
