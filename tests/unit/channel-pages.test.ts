import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IrisDB, type MessageRow } from '../../src/lib/db/schema';
import { ChannelPages, KEPT_CHANNELS, PAGE_SIZE } from '../../src/lib/state/channel-pages';
import { Conversation } from '../../src/lib/state/conversation.svelte';
import { LiveTexts } from '../../src/lib/state/live-texts.svelte';
import { QueuedSends } from '../../src/lib/state/queued.svelte';
import { Store } from '../../src/lib/state/store.svelte';
import { renderCached, KEPT_RENDERS } from '../../src/lib/markdown/html-cache';

let dbs: IrisDB[] = [];
let n = 0;

function row(chat_id: string, i: number): MessageRow {
	return {
		message_id: `${chat_id}-${i}`,
		chat_id,
		role: i % 2 ? 'assistant' : 'user',
		text: `message ${i}`,
		ts: 1_000 + i,
		status: 'complete'
	};
}

async function database(rows: MessageRow[]): Promise<IrisDB> {
	const db = new IrisDB(`channel-pages-${++n}`);
	dbs.push(db);
	await db.messages.bulkPut(rows);
	return db;
}

const rowsOf = (chat_id: string, count: number) =>
	Array.from({ length: count }, (_, i) => row(chat_id, i));
const ids = (rows: readonly MessageRow[] | undefined) => rows?.map((r) => r.message_id);

afterEach(async () => {
	await Promise.all(dbs.map((db) => db.delete()));
	dbs = [];
});

describe('ChannelPages', () => {
	it('pre-reads the latest page of a channel, oldest → newest, once for overlapping calls', async () => {
		const db = await database([...rowsOf('c', 250), ...rowsOf('other', 5)]);
		const pages = new ChannelPages(new Store(db));
		const spy = vi.spyOn(db.messages, 'where');
		await Promise.all([pages.preread('c'), pages.preread('c')]);
		expect(spy).toHaveBeenCalledTimes(1);
		const page = pages.get('c')!;
		expect(page).toHaveLength(PAGE_SIZE);
		expect(page[0]!.message_id).toBe('c-50');
		expect(page.at(-1)!.message_id).toBe('c-249');
	});

	it(`keeps the ${KEPT_CHANNELS} channels used last`, async () => {
		const pages = new ChannelPages(new Store(await database([])));
		for (let i = 0; i <= KEPT_CHANNELS; i++) pages.set(`c${i}`, [row(`c${i}`, 0)]);
		expect(pages.get('c0')).toBeUndefined();
		// Using one makes it the newest: the next eviction takes c2.
		pages.set('c1', [row('c1', 1)]);
		pages.set('new', [row('new', 0)]);
		expect(ids(pages.get('c1'))).toEqual(['c1-1']);
		expect(pages.get('c2')).toBeUndefined();
	});

	it('keeps only the newest PAGE_SIZE rows of a channel left with more loaded', async () => {
		const pages = new ChannelPages(new Store(await database([])));
		pages.set('c', rowsOf('c', PAGE_SIZE + 50));
		const kept = pages.get('c')!;
		expect(kept).toHaveLength(PAGE_SIZE);
		expect(kept[0]!.message_id).toBe('c-50');
		expect(kept.at(-1)!.message_id).toBe(`c-${PAGE_SIZE + 49}`);
	});

	it('forgets every page when the store switches, also a read still running', async () => {
		const store = new Store(await database(rowsOf('c', 3)));
		const pages = new ChannelPages(store);
		pages.set('kept', [row('kept', 0)]);
		const reading = pages.preread('c');
		store.switchTo(await database(rowsOf('c', 1)));
		await reading;
		expect(pages.get('kept')).toBeUndefined();
		expect(pages.get('c')).toBeUndefined();
	});
});

describe('Conversation from a kept page', () => {
	it('shows the kept page at once, then the messages stored since', async () => {
		const db = await database(rowsOf('c', 5));
		const store = new Store(db);
		const pages = new ChannelPages(store);
		await pages.preread('c');
		// A message arrives while the channel is not open.
		await db.messages.put(row('c', 5));
		const c = new Conversation(store, 'c', {
			live: new LiveTexts(),
			queued: new QueuedSends(),
			pages
		});
		expect(c.loaded).toBe(true);
		expect(ids(c.messages)).toEqual(['c-0', 'c-1', 'c-2', 'c-3', 'c-4']);
		await vi.waitFor(() => expect(c.messages).toHaveLength(6));
		expect(c.messages.at(-1)!.message_id).toBe('c-5');
		// The live result replaced the kept page.
		expect(ids(pages.get('c'))).toEqual(ids(c.messages));
		c.dispose();
	});

	it('keeps older pages loadable after starting from a kept page', async () => {
		const db = await database(rowsOf('c', 450));
		const store = new Store(db);
		const pages = new ChannelPages(store);
		await pages.preread('c');
		const c = new Conversation(store, 'c', {
			live: new LiveTexts(),
			queued: new QueuedSends(),
			pages
		});
		expect(c.messages).toHaveLength(PAGE_SIZE);
		expect(c.hasOlder).toBe(true);
		await c.loadOlder();
		await vi.waitFor(() => expect(c.messages).toHaveLength(400));
		expect(new Set(ids(c.messages)).size).toBe(400);
		c.dispose();
	});

	it('reads the store itself when the kept page is empty (an empty channel fetches history)', async () => {
		const db = await database([]);
		const store = new Store(db);
		const pages = new ChannelPages(store);
		pages.set('c', []);
		const c = new Conversation(store, 'c', {
			live: new LiveTexts(),
			queued: new QueuedSends(),
			pages
		});
		expect(c.loaded).toBe(false);
		await vi.waitFor(() => expect(c.loaded).toBe(true));
		c.dispose();
	});
});

describe('renderCached', () => {
	it('renders a text once and serves it again from the cache, least recently used going first', () => {
		const render = vi.fn((text: string) => `<p>${text}</p>`);
		expect(renderCached('a', render)).toBe('<p>a</p>');
		expect(renderCached('a', render)).toBe('<p>a</p>');
		expect(render).toHaveBeenCalledTimes(1);
		for (let i = 0; i < KEPT_RENDERS; i++) renderCached(`filler ${i}`, render);
		render.mockClear();
		renderCached('a', render);
		expect(render).toHaveBeenCalledTimes(1);
	});

	it('caches nothing when the render throws', () => {
		const failing = vi.fn((): string => {
			throw new Error('no DOM');
		});
		expect(() => renderCached('b', failing)).toThrow('no DOM');
		expect(renderCached('b', (t) => t)).toBe('b');
	});
});
