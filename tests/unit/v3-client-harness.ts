/**
 * The v3 adapter under the real worker client for the v3-client-*.test.ts files: v3 frames on a
 * fake WebSocket, effects checked in a fake-indexeddb store.
 */
import 'fake-indexeddb/auto';
import { expect, vi } from 'vitest';
import { IrisClient } from '../../src/lib/connection/client';
import { dialectSockets, type DialectDeps } from '../../src/lib/connection/dialect';
import { IrisDB } from '../../src/lib/db/schema';
import { getMeta } from '../../src/lib/db/meta';
import type { WorkerEvent } from '../../src/lib/bridge/contract';
import { FakeClock } from './support/fake-clock';
import { FakeSocket } from './support/fake-socket';

/** `vi.waitFor` with room for a loaded machine (fake-indexeddb transactions are slow there). */
export const until = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 5000 });

const dbs: IrisDB[] = [];
/** Delete the stores the harnesses of the test made (the test file's `afterEach`). */
export async function deleteHarnessStores(): Promise<void> {
	for (const db of dbs.splice(0)) await db.delete();
}

let n = 0;
/** A worker client on a v3 gateway URL, with its store, fake clock, fake sockets and events. */
export function v3Harness(http: Pick<DialectDeps, 'upload' | 'download'> = {}) {
	const db = new IrisDB(`v3-client-${++n}`);
	dbs.push(db);
	const clock = new FakeClock();
	const sockets: FakeSocket[] = [];
	const events: WorkerEvent[] = [];
	const reports: string[] = [];
	let uuid = 0;
	const randomUUID = () => `uuid-${++uuid}`;
	const dialect = dialectSockets({
		db,
		createWebSocket: (url) => {
			const s = new FakeSocket(url);
			sockets.push(s);
			return s;
		},
		randomUUID,
		now: () => clock.now(),
		report: (line) => reports.push(line),
		...http
	});
	const client = new IrisClient({
		db,
		clock,
		...dialect,
		isOnline: () => true,
		randomUUID,
		deviceName: 'test device'
	});
	client.subscribe((e) => events.push(e));
	const last = () => sockets[sockets.length - 1]!;
	/** Pair with a v3 URL and open the socket; resolves with the default session id. */
	async function connect(): Promise<string> {
		if (sockets.length === 0) {
			await client.commands.configure({ url: 'ws://gw/ws/app', token: 'secret' });
		}
		await until(() => expect(sockets.length).toBeGreaterThan(0));
		const socket = last();
		socket.open();
		await until(async () => expect(await getMeta(db, 'default_chat_id')).toBeDefined());
		return (await getMeta(db, 'default_chat_id'))!;
	}
	const v3 = (s: FakeSocket) => s.sent as Record<string, unknown>[];
	return { db, clock, sockets, events, reports, client, last, connect, v3 };
}
