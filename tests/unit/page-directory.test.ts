import 'fake-indexeddb/auto';
import { Dexie, RangeSet } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateGateway, gatewayIdentity, openDirectory } from '../../src/lib/db/gateways';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { PageDirectory } from '../../src/lib/state/gateway-directory';
import { macrotasks } from './support/macrotasks';

const A = { url: 'ws://a.example:8787/ws', token: 'ta' };
const B = { url: 'wss://b.example/ws', token: 'tb' };
const C = { url: 'wss://c.example/ws', token: 'tc' };

let store: IrisDB | undefined;
afterEach(async () => {
	await store?.delete();
	store = undefined;
});

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
	it('tells once when listening starts, then of each change (another tab), until stopped', async () => {
		const reports: string[] = [];
		const watcher = new PageDirectory((line) => reports.push(line));
		const other = new PageDirectory((line) => reports.push(line));
		let notices = 0;
		const stop = watcher.watch(() => (notices += 1));
		await vi.waitFor(() => expect(notices).toBe(1));

		await other.activate(A);
		await vi.waitFor(() => expect(notices).toBe(2));
		expect((await watcher.active())?.id).toBe(gatewayIdentity(A));

		// Commits to a gateway's store are not the directory's: nothing is told.
		store = new IrisDB('page-directory-store');
		for (let i = 0; i < 50; i++) await store.messages.put(message(i));
		await macrotasks(3);
		expect(notices).toBe(2);

		await other.deactivate();
		await vi.waitFor(() => expect(notices).toBe(3));
		expect(await watcher.active()).toBeNull();
		stop();
		await other.activate(B);
		await macrotasks(3);
		expect(notices).toBe(3);
		expect(reports).toEqual([]);
	});

	it('reports what the listener throws and tells of the next change all the same', async () => {
		const reports: string[] = [];
		const watcher = new PageDirectory((line) => reports.push(line));
		let notices = 0;
		const stop = watcher.watch(() => {
			notices += 1;
			if (notices === 2) throw new Error('listener broke');
		});
		await vi.waitFor(() => expect(notices).toBe(1));
		await watcher.activate(A);
		await vi.waitFor(() => expect(reports).toEqual(['gateway directory: listener broke']));
		await watcher.activate(B);
		await vi.waitFor(() => expect(notices).toBe(3));
		stop();
	});

	it('tells again when Dexie says anything may have changed (back from the page cache)', async () => {
		const watcher = new PageDirectory(() => {});
		let notices = 0;
		const stop = watcher.watch(() => (notices += 1));
		await vi.waitFor(() => expect(notices).toBe(1));
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
		expect(notices).toBe(1);
		// What Dexie fires on `pageshow` from that cache.
		event.fire({ all: new RangeSet(-Infinity, [[]]) });
		expect(notices).toBe(2);
		expect((await watcher.active())?.id).toBe(gatewayIdentity(C));
		stop();
		dir.close();
	});
});
