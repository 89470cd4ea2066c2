/**
 * Entry of the dedicated connection worker, one per tab. The tabs' workers elect one leader
 * that holds the socket (./shared.ts); the page talks to its own worker through Comlink either
 * way. Where Web Locks or BroadcastChannel are missing, every tab keeps its own connection.
 *
 * The worker's name is the store it works on (one store per gateway, db/gateways.ts): the page
 * starts a new worker when it switches gateways, and tabs on another store never share a leader.
 */
import * as Comlink from 'comlink';
import { IrisDB } from '../db/schema';
import { getMeta } from '../db/meta';
import { FIRST_STORE } from '../db/gateways';
import type { WorkerEndpoint } from '../bridge/contract';
import { withBenchControls } from '../bench/worker';
import { createBrowserClient } from './local';
import { SharedConnection, tabNames, type TabChannel } from './shared';
import type { IrisClient } from './client';

const store = (globalThis as { name?: string }).name || FIRST_STORE;
const db = new IrisDB(store);
const client = createBrowserClient(db);

/** The client's own endpoint: its commands and its events. */
function standalone(client: IrisClient): WorkerEndpoint {
	return { ...client.commands, subscribe: (sink) => client.subscribe(sink) };
}

function endpoint(): WorkerEndpoint {
	if (!('locks' in navigator) || typeof BroadcastChannel !== 'function') return standalone(client);
	const { lock, channel } = tabNames(store);
	return new SharedConnection({
		client,
		channel: new BroadcastChannel(channel) as unknown as TabChannel,
		locks: navigator.locks,
		lock,
		id: crypto.randomUUID(),
		storedConfig: async () => (await getMeta(db, 'gateway')) ?? null,
		log: (line) => console.info(line)
	}).endpoint;
}

const api = endpoint();
// The worker sees the same network events as the page: `online` retries a pending reconnect now;
// either event checks that an open link still carries frames (ConnectionManager).
globalThis.addEventListener('online', () => api.wake());
globalThis.addEventListener('offline', () => api.checkLink());

// Benchmark builds only (`npm run bench`): the flag is `false` in every other build, so this
// branch and the bench module are dropped from the bundle.
Comlink.expose(__IRIS_BENCH__ ? withBenchControls(api, client, db) : api);
