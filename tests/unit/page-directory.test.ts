import 'fake-indexeddb/auto';
import { Dexie, RangeSet } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateGateway, gatewayIdentity, openDirectory } from '../../src/lib/db/gateways';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { PageDirectory } from '../../src/lib/state/gateway-directory';

const A = { url: 'ws://a.example:8787/ws', token: 'ta' };
const B = { url: 'wss://b.example/ws', token: 'tb' };
const C = { url: 'wss://c.example/ws', token: 'tc' };

let store: IrisDB | undefined;
afterEach(async () => {
	await store?.delete();
	store = undefined;
});

/** Let `count` macrotasks run (reads and Dexie's events settle). */
async function macrotasks(count: number): Promise<void> {
	for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function message(i: number): MessageRow {
	return {
		message_id: `m${i}`,
		chat_id: 'c',
		role: 'assistant',
		text: `answer ${i}`,
		ts: i,
		status: 'complete'
	};
}

describe("the page's view of the gateway directory", () => {
	it('tells the active gateway at once, then each change (another tab), until stopped', async () => {
		const reports: string[] = [];
		const watcher = new PageDirectory((line) => reports.push(line));
		const other = new PageDirectory((line) => reports.push(line));
		const seen: (string | null)[] = [];
		const stop = watcher.watch((row) => seen.push(row?.id ?? null));
		await vi.waitFor(() => expect(seen).toEqual([null]));

		await other.activate(A);
		await vi.waitFor(() => expect(seen.at(-1)).toBe(gatewayIdentity(A)));
		const told = seen.length;

		// Commits to a gateway's store are not the directory's: nothing is read or told.
		store = new IrisDB('page-directory-store');
		for (let i = 0; i < 50; i++) await store.messages.put(message(i));
		await macrotasks(3);
		expect(seen).toHaveLength(told);

		await other.deactivate();
		await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
		stop();
		const stopped = seen.length;
		await other.activate(B);
		await macrotasks(3);
		expect(seen).toHaveLength(stopped);
		expect(reports).toEqual([]);
	});

	it('reads again when Dexie says anything may have changed (back from the page cache)', async () => {
		const watcher = new PageDirectory(() => {});
		const seen: (string | null)[] = [];
		const stop = watcher.watch((row) => seen.push(row?.id ?? null));
		await vi.waitFor(() => expect(seen).toHaveLength(1));
		const before = seen[0];
		// Another tab switched while this page sat in the back/forward cache: no event came.
		const event = Dexie.on('storagemutated');
		const fire = event.fire;
		event.fire = () => {};
		const dir = await openDirectory();
		try {
			await activateGateway(dir, C);
		} finally {
			event.fire = fire;
		}
		await macrotasks(3);
		expect(seen).toEqual([before]);
		// What Dexie fires on `pageshow` from that cache.
		event.fire({ all: new RangeSet(-Infinity, [[]]) });
		await vi.waitFor(() => expect(seen).toEqual([before, gatewayIdentity(C)]));
		stop();
		dir.close();
	});
});
