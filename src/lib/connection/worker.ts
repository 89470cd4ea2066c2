/**
 * Entry of the dedicated connection worker: one per page for now (one per browser profile with
 * leader election is a later step). Exposes `IrisClient` to the page through Comlink.
 */
import * as Comlink from 'comlink';
import { IrisDB } from '../db/schema';
import { systemClock } from '../platform/clock';
import { IrisClient } from './client';
import { dialectSockets } from './dialect';

const db = new IrisDB();
const client = new IrisClient({
	db,
	clock: systemClock,
	...dialectSockets({
		db,
		createWebSocket: (url) => new WebSocket(url),
		randomUUID: () => crypto.randomUUID(),
		now: () => Date.now(),
		report: (line) => console.warn(`[v3] ${line}`)
	}),
	isOnline: () => navigator.onLine,
	randomUUID: () => crypto.randomUUID(),
	deviceName: `Iris Web (${navigator.platform || 'browser'})`,
	log: (line) => console.info(line)
});

// The worker sees the same network events as the page; `online` retries a pending reconnect now.
globalThis.addEventListener('online', () => client.wake());

Comlink.expose(client);
