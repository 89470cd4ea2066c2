import { afterEach, expect, vi } from 'vitest';
import { IrisDB } from '../../../src/lib/db/schema';
import type { WorkerEvent } from '../../../src/lib/bridge/contract';
import { FakeClock } from './fake-clock';
import type { FakeSocket } from './fake-socket';
import { fakeClient } from './fake-client';

let n = 0;
const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

/**
 * An `IrisClient` on fake sockets and a fake clock with a fresh fake-indexeddb database (deleted
 * after the test). UUIDs are `uuid-1`, `uuid-2` … in order of use.
 */
export function clientHarness(name: string) {
	const db = new IrisDB(`${name}-${++n}`);
	dbs.push(db);
	const clock = new FakeClock();
	const sockets: FakeSocket[] = [];
	const events: WorkerEvent[] = [];
	const client = fakeClient(db, clock, sockets);
	client.subscribe((e) => events.push(e));
	const last = () => sockets[sockets.length - 1]!;
	/**
	 * Open the latest socket and complete the handshake; resolves once `sync` went out. Unless
	 * `replay` (the test answers the `sync` itself), the gateway had nothing to replay: `sync.done`
	 * answers at once, and the frames the test sends next are live (a replay's frames are held
	 * back until it ends: connection/apply-queue.ts).
	 */
	async function handshake({ replay = false }: { replay?: boolean } = {}) {
		last().open();
		last().receive({
			v: 1,
			type: 'hello.ack',
			id: 1,
			payload: {
				sync_cursor: 0,
				channels: [{ chat_id: 'default', name: 'General', kind: 'default', is_default: true }]
			}
		});
		await vi.waitFor(() => expect(last().sentTypes).toContain('sync'));
		if (replay) return;
		const sync = last().sent.find((f) => f.type === 'sync')!;
		last().receive({ v: 1, type: 'sync.done', id: sync.id, payload: { cursor: 0 } });
	}
	/** Wait for the gap fill's `channels` `history` requests and answer each with an empty page. */
	async function answerGapFill(channels: number) {
		const requests = () => last().sent.filter((f) => f.type === 'history');
		await vi.waitFor(() => expect(requests()).toHaveLength(channels));
		for (const f of requests()) {
			last().receive({
				v: 1,
				type: 'history',
				id: f.id,
				chat_id: f.chat_id,
				payload: { messages: [], has_more: false }
			});
		}
	}
	return { db, clock, sockets, events, client, last, handshake, answerGapFill };
}
