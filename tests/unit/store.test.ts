import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB, type ChannelRow } from '../../src/lib/db/schema';
import { Store } from '../../src/lib/state/store.svelte';
import { Channels } from '../../src/lib/state/channels.svelte';
import { SlashCompletion } from '../../src/lib/state/slash.svelte';

const dbs: IrisDB[] = [];
afterEach(async () => {
	for (const db of dbs.splice(0)) await db.delete();
});

function open(name: string): IrisDB {
	const db = new IrisDB(`store-${name}-${Math.random()}`);
	dbs.push(db);
	return db;
}

const channel = (chat_id: string, position: number): ChannelRow => ({
	chat_id,
	name: chat_id,
	kind: 'channel',
	position
});

describe('Store (the store the page reads can be switched)', () => {
	it('the sidebar follows a switch: it reads the new store and its later changes', async () => {
		const real = open('real');
		await real.channels.put(channel('general', 0));
		const store = new Store(real);
		const channels = new Channels(store);
		await vi.waitFor(() =>
			expect(channels.entries.map((e) => e.channel.chat_id)).toEqual(['general'])
		);

		// The move to memory: a copy, then the real store goes away.
		const memory = open('memory');
		await memory.channels.put(channel('general', 0));
		store.switchTo(memory);
		real.close();
		await memory.channels.put(channel('created-after', 1));
		await vi.waitFor(() =>
			expect(channels.entries.map((e) => e.channel.chat_id)).toEqual(['general', 'created-after'])
		);
		channels.dispose();
	});

	it('slash completion offers the catalog of the store switched to', async () => {
		const real = open('real');
		const store = new Store(real);
		const slash = new SlashCompletion(store, async () => []);
		const memory = open('memory');
		store.switchTo(memory);
		await memory.commands.put({ name: '/model', position: 0 });
		slash.update('/mo');
		await vi.waitFor(() => expect(slash.options.map((o) => o.name)).toEqual(['/model']));
		slash.dispose();
	});

	it('an unsubscribed listener hears no later switch', () => {
		const store = new Store(open('a'));
		const seen: IrisDB[] = [];
		const off = store.onSwitch((db) => seen.push(db));
		const b = open('b');
		store.switchTo(b);
		off();
		store.switchTo(open('c'));
		expect(seen).toEqual([b]);
	});
});
