/**
 * Entry of the dedicated connection worker, one per tab. The tabs' workers elect one leader
 * that holds the socket (./shared.ts); the page talks to its own worker through Comlink either
 * way. Where Web Locks or BroadcastChannel are missing, every tab keeps its own connection.
 */
import * as Comlink from 'comlink';
import { IrisDB } from '../db/schema';
import { getMeta } from '../db/meta';
import type { WorkerApi } from '../bridge/contract';
import { createBrowserClient } from './local';
import { SharedConnection, TAB_CHANNEL, type TabChannel } from './shared';

const db = new IrisDB();
const client = createBrowserClient(db);

function shared(): WorkerApi {
	if (!('locks' in navigator) || typeof BroadcastChannel !== 'function') return client;
	return new SharedConnection({
		client,
		channel: new BroadcastChannel(TAB_CHANNEL) as unknown as TabChannel,
		locks: navigator.locks,
		id: crypto.randomUUID(),
		storedConfig: async () => (await getMeta(db, 'gateway')) ?? null,
		log: (line) => console.info(line)
	});
}

const api = shared();
// The worker sees the same network events as the page; `online` retries a pending reconnect now.
globalThis.addEventListener('online', () => api.wake());

Comlink.expose(api);
