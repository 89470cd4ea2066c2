/**
 * One store per gateway (doc/storage.md "One store per gateway"): every gateway the app paired
 * with has an `IrisDB` of its own, so two gateways' channels, messages, outbox, cursor and
 * `device_id` never meet in one database. A small directory database, `iris-gateways`, says which
 * store belongs to which gateway and which gateway is active; the page, the connection workers
 * and the service worker all read it.
 *
 * A gateway is known by its URL (and v3 user id), not its token: pairing the same gateway again
 * with a new token keeps its history. The store that existed before there were several
 * (`iris`) is adopted for the gateway stored in it, so nothing is lost; a new gateway's store is
 * named from a hash of its identity (`iris-<hash>`).
 */
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { MetaValues } from './schema';

/** A pairing as stored (`meta.gateway`, `GatewayConfig`). */
export type GatewayPairing = MetaValues['gateway'];

/** The store of the first gateway, from before there was one store per gateway. */
export const FIRST_STORE = 'iris';
/** The directory database's name. */
export const DIRECTORY_NAME = 'iris-gateways';

/** A gateway the app knows: its identity, its store's name, its pairing (with the token). */
export interface GatewayRow {
	id: string;
	/** The `IrisDB` name of its store. */
	store: string;
	pairing: GatewayPairing;
	/** Epoch ms of the last switch to it. */
	used_ts: number;
}

/** `active`: the gateway in use (`id`, null when unpaired); `adopted`: the first store looked at. */
interface DirectoryState {
	key: 'active' | 'adopted';
	id?: string | null;
}

/** The directory: one row per gateway, and which one is active. */
export class GatewayDirectory extends Dexie {
	gateways!: EntityTable<GatewayRow, 'id'>;
	state!: EntityTable<DirectoryState, 'key'>;

	constructor(options?: DexieOptions) {
		super(DIRECTORY_NAME, options);
		// store: find which gateway a store belongs to (a new name must not be taken).
		this.version(1).stores({ gateways: 'id, store', state: 'key' });
	}
}

/**
 * A gateway's identity: its URL as the browser normalises it (host case, default port), plus
 * the v3 user id when there is one. The token, and so a re-pairing, does not change it.
 */
export function gatewayIdentity(pairing: GatewayPairing): string {
	let url = pairing.url.trim();
	try {
		url = new URL(url).href;
	} catch {
		// Kept as given: pairing checks the scheme, the identity only has to be stable.
	}
	return pairing.user_id ? `${url}#user=${pairing.user_id}` : url;
}

/** A short, stable hash of `text` (cyrb53: 53 bits, base 36); a name, not a secret. */
function shortHash(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * How long a look into the first store may wait, ms: an open request queues behind an upgrade
 * another tab blocks (doc/storage.md), and the app must start all the same.
 */
const LOOK_TIMEOUT_MS = 3000;

/**
 * The pairing stored in the first store (`iris`), read with the raw API so that the database is
 * neither created nor upgraded here (the app's `IrisDB` does that); undefined when there is none,
 * `'unknown'` when the store did not answer in time (look again next time).
 */
function firstStorePairing(factory: IDBFactory): Promise<GatewayPairing | undefined | 'unknown'> {
	return new Promise((resolve) => {
		setTimeout(() => resolve('unknown'), LOOK_TIMEOUT_MS);
		let open: IDBOpenDBRequest;
		try {
			open = factory.open(FIRST_STORE);
		} catch {
			resolve(undefined);
			return;
		}
		open.onupgradeneeded = () => open.transaction?.abort();
		open.onerror = () => resolve(undefined);
		open.onblocked = () => resolve(undefined);
		open.onsuccess = () => {
			const db = open.result;
			if (!db.objectStoreNames.contains('meta')) {
				db.close();
				resolve(undefined);
				return;
			}
			const get = db.transaction('meta', 'readonly').objectStore('meta').get('gateway');
			get.onsuccess = () => {
				db.close();
				resolve((get.result as { value?: GatewayPairing } | undefined)?.value);
			};
			get.onerror = () => {
				db.close();
				resolve(undefined);
			};
		};
	});
}

/**
 * Once per profile: adopt the first store for the gateway it is paired with (and make that
 * gateway active). Idempotent, also when two tabs run it at once.
 */
async function adoptFirstStore(dir: GatewayDirectory, factory: IDBFactory): Promise<void> {
	if (await dir.state.get('adopted')) return;
	const pairing = await firstStorePairing(factory);
	if (pairing === 'unknown') return;
	await dir.transaction('rw', dir.gateways, dir.state, async () => {
		if (await dir.state.get('adopted')) return;
		await dir.state.put({ key: 'adopted' });
		if (!pairing) return;
		const id = gatewayIdentity(pairing);
		await dir.gateways.put({ id, store: FIRST_STORE, pairing, used_ts: Date.now() });
		await dir.state.put({ key: 'active', id });
	});
}

/** The directory of this profile, opened and with the first store adopted. */
export async function openDirectory(
	options?: DexieOptions & { indexedDB?: IDBFactory }
): Promise<GatewayDirectory> {
	const dir = new GatewayDirectory(options);
	await dir.open();
	await adoptFirstStore(dir, options?.indexedDB ?? indexedDB);
	return dir;
}

/** The active gateway, or null when the app is not paired. */
export async function activeGateway(dir: GatewayDirectory): Promise<GatewayRow | null> {
	const id = (await dir.state.get('active'))?.id;
	return id ? ((await dir.gateways.get(id)) ?? null) : null;
}

/**
 * Make `pairing` the active gateway and resolve with its row: a known gateway keeps its store
 * (its pairing is updated: a new token); a new one gets the first store if no gateway has it yet
 * (a new profile), else a store of its own named from its identity.
 */
export async function activateGateway(
	dir: GatewayDirectory,
	pairing: GatewayPairing,
	now = Date.now()
): Promise<GatewayRow> {
	const id = gatewayIdentity(pairing);
	return dir.transaction('rw', dir.gateways, dir.state, async () => {
		const known = await dir.gateways.get(id);
		let store = known?.store;
		if (!store) {
			store = (await dir.gateways.where('store').equals(FIRST_STORE).count())
				? `iris-${shortHash(id)}`
				: FIRST_STORE;
			// A hash collision must not share a store: count on until the name is free.
			for (let n = 2; await dir.gateways.where('store').equals(store).count(); n++) {
				store = `iris-${shortHash(id)}-${n}`;
			}
		}
		const row: GatewayRow = { id, store, pairing, used_ts: now };
		await dir.gateways.put(row);
		await dir.state.put({ key: 'active', id });
		return row;
	});
}

/** No gateway is active any more (unpaired); every store stays as it is. */
export async function deactivateGateway(dir: GatewayDirectory): Promise<void> {
	await dir.state.put({ key: 'active', id: null });
}

/**
 * Forget the gateway `id` on this device: none is active any more, and its token is gone. With
 * `erase` its row goes too (its store is being emptied, so its name may be given out again);
 * without, the row stays with an empty token, so pairing it again keeps its history and no
 * other gateway is given its store.
 */
export async function forgetGateway(
	dir: GatewayDirectory,
	id: string,
	erase: boolean
): Promise<void> {
	await dir.transaction('rw', dir.gateways, dir.state, async () => {
		if ((await dir.state.get('active'))?.id === id)
			await dir.state.put({ key: 'active', id: null });
		const row = await dir.gateways.get(id);
		if (!row) return;
		if (erase) await dir.gateways.delete(id);
		else await dir.gateways.put({ ...row, pairing: { ...row.pairing, token: '' } });
	});
}
