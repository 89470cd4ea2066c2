/**
 * The page's view of the directory of gateways (db/gateways.ts, doc/storage.md "One store per
 * gateway"): which store to read, making a gateway active, and hearing another tab switch. When
 * the directory cannot be opened (IndexedDB unusable: the app moves to memory anyway) every
 * answer is "none", so the app goes on with the first store as before.
 */
import { liveQuery } from 'dexie';
import {
	activateGateway,
	activeGateway,
	deactivateGateway,
	forgetGateway,
	openDirectory,
	type GatewayDirectory,
	type GatewayPairing,
	type GatewayRow
} from '../db/gateways';

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
	 * Call `onChange` with the active gateway whenever it changes, in this tab or another (Dexie's
	 * `liveQuery` hears other tabs' writes). Also called once with the current one. Returns the stop.
	 */
	watch(onChange: (row: GatewayRow | null) => void): () => void {
		let subscription: { unsubscribe(): void } | null = null;
		let stopped = false;
		void this.#open().then((dir) => {
			if (!dir || stopped) return;
			subscription = liveQuery(() => activeGateway(dir)).subscribe({
				next: onChange,
				error: (e: unknown) => this.#report(`gateway directory: ${(e as Error).message}`)
			});
		});
		return () => {
			stopped = true;
			subscription?.unsubscribe();
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
