/**
 * Switching gateways on the page (doc/storage.md "One store per gateway"): each gateway has a
 * store of its own, so pairing with another gateway leaves the old one (`leave`: push
 * unregistered, link closed, its store and outbox kept for a switch back), makes the new one
 * active in the directory, switches the store and the worker together (the host's `openStore`),
 * and carries the notification choice over. Every tab follows the active gateway: when another
 * tab switches (or unpairs), this one reads and connects there too. Switches run one after
 * another (`running`).
 */
import { gatewayIdentity, type GatewayRow } from '../db/gateways';
import { getMeta } from '../db/meta';
import type { GatewayConfig, WorkerApi } from '../bridge/contract';
import type { PushRegistration } from '../protocol/push';
import type { AsyncApi } from '../handle/types';
import { PageDirectory } from './gateway-directory';
import { clearScreenSnapshot } from '../platform/screen-snapshot';
import type { Store } from './store.svelte';

/** How long the page waits for the old gateway to be left, ms (the worker waits 3 s at most). */
const LEAVE_WAIT_MS = 5000;

/** What the switch needs of the app state. */
export interface SwitchHost {
	/** The store the page reads. */
	store(): Store;
	/** Whether the app runs from memory (one store then: no switching). */
	inMemory(): boolean;
	/** The running connection's commands, or null. */
	api(): AsyncApi<WorkerApi> | null;
	/** Stop the connection, read the store `name`, start a connection on it. */
	openStore(name: string): Promise<void>;
	/** Another tab chose this pairing (null: unpaired): show it and connect to it. */
	follow(config: GatewayConfig | null): Promise<void>;
	/** Register push through the current connection (`registerPush`). */
	registerPush(reg: PushRegistration): Promise<void>;
	note(line: string): void;
}

export class GatewaySwitch {
	readonly #host: SwitchHost;
	readonly #directory: PageDirectory;
	/** The identity of the gateway whose store is read (`gatewayIdentity`); null when unpaired. */
	#current: string | null = null;
	#running: Promise<void> = Promise.resolve();

	constructor(host: SwitchHost) {
		this.#host = host;
		this.#directory = new PageDirectory((line) => host.note(line));
	}

	/** The switch running now (resolves at once when none): commands wait for it. */
	get running(): Promise<void> {
		return this.#running;
	}

	/** The active gateway at start-up (its store is the one to read), or null. */
	async start(): Promise<GatewayRow | null> {
		const row = await this.#directory.active();
		this.#current = row?.id ?? null;
		return row;
	}

	/** Follow the switches of other tabs from now on. */
	watch(): void {
		this.#directory.watch(() => {
			// Read when the follow runs, not when the change is heard: a switch of this tab's own
			// may be running, and a row read before its commit would switch this tab back. A
			// failure is noted by `#queue`; the next change is followed all the same.
			this.#queue(async () => this.#follow(await this.#directory.active())).catch(() => {});
		});
	}

	/**
	 * Make `config`'s gateway the active one; another gateway switches store and worker. The copy
	 * of the last screen goes whenever the pairing changes (here, on unpairing, or in another tab).
	 */
	use(config: GatewayConfig): Promise<void> {
		clearScreenSnapshot();
		return this.#queue(() => this.#use(config));
	}

	/** Unpaired: no gateway is active (every store is kept). */
	async clear(): Promise<void> {
		clearScreenSnapshot();
		this.#current = null;
		await this.#directory.deactivate();
	}

	#queue(task: () => Promise<void>): Promise<void> {
		const run = this.#running.then(task);
		this.#running = run.catch((e: unknown) => this.#host.note(`switching gateways: ${e}`));
		return run;
	}

	async #use(config: GatewayConfig): Promise<void> {
		const host = this.#host;
		if (host.inMemory()) return;
		const id = gatewayIdentity(config);
		const api = host.api();
		let push: PushRegistration | undefined;
		if (this.#current !== null && this.#current !== id && api) {
			push = await getMeta(host.store().db, 'push').catch(() => undefined);
			// A leader that never answers (its tab froze) must not keep the user on the old gateway.
			const late = new Promise<void>((resolve) => setTimeout(resolve, LEAVE_WAIT_MS));
			await Promise.race([api.leave(), late]).catch((e: unknown) =>
				host.note(`leaving the gateway: ${e}`)
			);
		}
		const row = await this.#directory.activate(config);
		this.#current = id;
		if (!row || row.store === host.store().db.name) return;
		await host.openStore(row.store);
		if (!push) return;
		// Web Push code on demand: only a switch of gateways with notifications on needs it.
		const { carryPush } = await import('./push-carry');
		carryPush(host.store(), push, (reg) => host.registerPush(reg), host.note);
	}

	async #follow(row: GatewayRow | null): Promise<void> {
		const host = this.#host;
		if (host.inMemory() || (row?.id ?? null) === this.#current) return;
		this.#current = row?.id ?? null;
		clearScreenSnapshot();
		if (row && row.store !== host.store().db.name) await host.openStore(row.store);
		await host.follow(row?.pairing ?? null);
	}
}
