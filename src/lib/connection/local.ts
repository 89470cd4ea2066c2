/**
 * The `IrisClient` of this browser: real time, real WebSocket (or the Hermes Chat v3 adapter,
 * chosen per pairing by `./dialect.ts`), the browser's online status. Used by the connection
 * worker, and by the page itself when the app runs from memory (no worker: the in-memory store
 * must be the one the page reads; doc/storage.md).
 */
import type { IrisDB } from '../db/schema';
import { systemClock } from '../platform/clock';
import { IrisClient } from './client';
import { dialectSockets } from './dialect';
import { defaultDeviceName } from '../platform/device-name';

/**
 * At most this long (ms) after the worker starts, the local search index loads even if the page
 * never said it painted (e.g. it shows Settings): a rebuild must not wait for a chat to open.
 */
const SEARCH_INDEX_DEFER_MS = 3000;

/** A client on `db` wired to the browser's clock, sockets and network status. */
export function createBrowserClient(db: IrisDB): IrisClient {
	return new IrisClient({
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
		deviceName: defaultDeviceName(navigator.userAgent),
		log: (line) => console.info(line),
		deferSearchIndexMs: SEARCH_INDEX_DEFER_MS
	});
}
