/**
 * Entry of the dedicated connection worker: one per page for now (one per browser profile with
 * leader election is a later step). Exposes `IrisClient` to the page through Comlink.
 */
import * as Comlink from 'comlink';
import { IrisDB } from '../db/schema';
import { systemClock } from '../platform/clock';
import { IrisClient } from './client';

const client = new IrisClient({
	db: new IrisDB(),
	clock: systemClock,
	createSocket: (url) => new WebSocket(url),
	isOnline: () => navigator.onLine,
	randomUUID: () => crypto.randomUUID(),
	deviceName: `Iris Web (${navigator.platform || 'browser'})`,
	log: (line) => console.info(line)
});

// The worker sees the same network events as the page; `online` retries a pending reconnect now.
globalThis.addEventListener('online', () => client.wake());

Comlink.expose(client);
